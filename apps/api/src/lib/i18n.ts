import type { FastifyRequest } from 'fastify';
import { translate } from '@clinic/shared';

/** The language a request asked for: Arabic when Accept-Language prefers it, English otherwise. */
export function requestLanguage(req: FastifyRequest): 'en' | 'ar' {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || !header) return 'en';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag.startsWith('ar')) return 'ar';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** A message in the language of a request or of a service's request context. */
export function t(from: FastifyRequest | { readonly language: 'en' | 'ar' }, key: string, params?: Record<string, string | number>): string {
  return translate(key, 'language' in from && typeof from.language === 'string' ? from.language : requestLanguage(from as FastifyRequest), params);
}
