import type { FieldErrors, FieldValues } from 'react-hook-form';
import { translateMessage } from '@/lib/http';

/** The error stored at a dotted path of a form's errors. */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): { message?: string; root?: { message?: string } } | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as { message?: string; root?: { message?: string } } | undefined;
}

/** The translated message at a path (a list's own message may sit on `root`). */
export function messageAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const e = errorAt(errors, path);
  return translateMessage(typeof e?.message === 'string' ? e.message : e?.root?.message);
}
