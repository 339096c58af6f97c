import type { FastifyRequest } from 'fastify';
import { MEDICATION_CSV_MAX_BYTES } from '@clinic/shared';
import { csvText, readCsvForm } from '../../lib/csv-import.js';
import { AppError } from '../../lib/errors.js';

const MB = MEDICATION_CSV_MAX_BYTES / (1024 * 1024);
const notCsv = () => new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { file: 'errors.medications.csvFile' });
const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.validation', undefined, { file: { key: 'errors.medications.csvTooBig', params: { max: MB } } });

/**
 * Reads the catalogue file of a multipart form (field `file`) into memory, at most MEDICATION_CSV_MAX_BYTES, and checks
 * it by its content as every upload is (`csvText`): a spreadsheet, a PDF or an image, text that is not UTF-8, or text
 * with control characters is refused, whatever its name says.
 */
export async function readCatalogueFile(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw notCsv();
  const { bytes } = await readCsvForm(req, { maxBytes: MEDICATION_CSV_MAX_BYTES, tooLarge });
  const text = bytes?.length ? await csvText(bytes) : null;
  if (text === null) throw notCsv();
  return text;
}
