import type { FastifyRequest } from 'fastify';
import type { Caller, Deps } from './app-types.js';
import { AppError } from './errors.js';
import { discardUploads, storeUpload, type FileKind, type StoredFile } from './files.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Splits `emergencyContacts[0][name]`, `emergencyContacts.0.name` or `languages[]` into path segments. */
export function fieldPathOf(name: string): string[] {
  const segments: string[] = [];
  for (const m of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) segments.push(m[1] ?? m[2] ?? '');
  return segments;
}

/** Writes a value at a flattened path, building arrays for numeric segments. Refuses prototype keys. */
export function setPath(target: Record<string, unknown>, segments: string[], value: unknown) {
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (FORBIDDEN_KEYS.has(seg)) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [segments.join('.')]: 'validation.unknownField' });
    const last = i === segments.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(segments[i + 1]!);
    if (Array.isArray(node)) {
      const idx = seg === '' ? node.length : Number(seg);
      if (idx > 1000) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [segments.join('.')]: 'validation.invalidValue' });
      if (last) node[idx] = value;
      else node = (node[idx] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
    } else {
      if (last) {
        const prev = node[seg];
        node[seg] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      } else {
        const existing = node[seg];
        node = (existing && typeof existing === 'object' ? existing : (node[seg] = nextIsIndex ? [] : {})) as Record<string, unknown> | unknown[];
      }
    }
  }
}

export interface MultipartSpec {
  /** Form field (dotted path, `*` for an index) -> kind of file accepted there. */
  files: Record<string, FileKind>;
  /** Fields that may arrive as JSON text (the spec sends workingHours and contactInfos so). */
  jsonFields?: string[];
}

export interface MultipartResult {
  body: Record<string, unknown>;
  files: Record<string, StoredFile>;
  /** Deletes what was stored, for when the request is then refused. */
  discard(): Promise<void>;
}

function kindFor(spec: MultipartSpec, path: string): FileKind | undefined {
  if (spec.files[path]) return spec.files[path];
  const wildcard = path.replace(/\.\d+(?=\.|$)/g, '.*');
  return spec.files[wildcard];
}

/**
 * Reads a multipart form: fields rebuilt from their flattened names into one object (validated by the
 * caller with the same zod schema the form uses), files streamed to storage with their caps.
 * JSON bodies are accepted too, so API clients need not build multipart forms.
 */
export async function readForm(req: FastifyRequest, deps: Deps, caller: Caller, spec: MultipartSpec): Promise<MultipartResult> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { body: 'validation.invalidType' });
    return { body, files: {}, discard: async () => {} };
  }
  const body: Record<string, unknown> = Object.create(null);
  const stored: Record<string, StoredFile> = {};
  // Every file stored so far, also known to the request so the response hook removes it if no record takes it.
  const all: StoredFile[] = [];
  const uploads = (req.storedUploads ??= []);
  const parts = req.parts()[Symbol.asyncIterator]();
  /** Errors raised by the multipart stream itself mean the body is malformed: bad input, not a bug. */
  const nextPart = async () => {
    try {
      return await parts.next();
    } catch (err) {
      if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
      throw new AppError(400, 'MALFORMED_MULTIPART', 'errors.malformedMultipart');
    }
  };
  try {
    for (let step = await nextPart(); !step.done; step = await nextPart()) {
      const part = step.value;
      const segments = fieldPathOf(part.fieldname);
      const path = segments.join('.');
      if (part.type === 'file') {
        if (!part.filename) { part.file.resume(); continue; }
        const kind = kindFor(spec, path);
        if (!kind) {
          part.file.resume();
          throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [path]: 'errors.fileUnexpected' });
        }
        if (stored[path]) {
          part.file.resume();
          throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [path]: 'errors.fileRepeated' });
        }
        const file = await storeUpload(deps, caller.companyId, caller.id, part.file, { kind, field: path, filename: part.filename });
        all.push(file);
        uploads.push(file.id);
        stored[path] = file;
      } else {
        setPath(body, segments, part.value);
      }
    }
    for (const field of spec.jsonFields ?? []) {
      const value = body[field];
      if (typeof value !== 'string') continue;
      try {
        body[field] = value.trim() === '' ? undefined : JSON.parse(value);
      } catch {
        throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [field]: 'validation.invalidValue' });
      }
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { body: { ...body }, files: stored, discard };

  /** Removes what this form stored (what no record took), and tells the request it is done. */
  async function discard() {
    await discardUploads(deps, caller.companyId, all);
    req.storedUploads = uploads.filter((id) => !all.some((f) => f.id === id));
  }
}

/**
 * Runs what the form is for; when it is refused (its fields, or the service), the files the form stored go with the
 * refusal, so a refused request leaves nothing behind.
 */
export async function usingForm<T>(form: MultipartResult, use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (err) {
    await form.discard();
    throw err;
  }
}
