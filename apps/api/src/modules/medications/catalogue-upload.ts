import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MEDICATION_CSV_MAX_BYTES } from '@clinic/shared';
import { AppError } from '../../lib/errors.js';

const MB = MEDICATION_CSV_MAX_BYTES / (1024 * 1024);
const notCsv = () => new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { file: 'errors.medications.csvFile' });
const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.validation', undefined, { file: { key: 'errors.medications.csvTooBig', params: { max: MB } } });

/**
 * Reads the catalogue file of a multipart form (field `file`) into memory, at most MEDICATION_CSV_MAX_BYTES, and checks
 * it by its content as every upload is: a file any known binary type (a spreadsheet, a PDF, an image), text that is not
 * UTF-8, or text with NUL or other control characters is refused, whatever its name says.
 */
export async function readCatalogueFile(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw notCsv();
  let content: Buffer | null = null;
  const parts = req.parts()[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await parts.next();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
      throw new AppError(400, 'MALFORMED_MULTIPART', 'errors.malformedMultipart');
    }
  };
  for (let step = await next(); !step.done; step = await next()) {
    const part = step.value;
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || content) {
      part.file.resume();
      throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [part.fieldname]: 'errors.fileUnexpected' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MEDICATION_CSV_MAX_BYTES) {
        part.file.resume();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    content = Buffer.concat(chunks);
  }
  if (!content || content.length === 0) throw notCsv();
  if (await fileTypeFromBuffer(content.subarray(0, 4100))) throw notCsv();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw notCsv();
  }
  // Tabs, line ends and printable text only.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) throw notCsv();
  }
  return text;
}
