import { z } from 'zod';
import { idSchema } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { contentDisposition } from '../../lib/files.js';
import { requestContext } from '../../lib/request-context.js';
import { openDownload } from './files.service.js';

const fileQuery = z.object({
  c: z.uuid().optional(),
  e: z.coerce.number().int().optional(),
  u: z.uuid().optional(),
  v: z.coerce.number().int().min(0).optional(),
  f: z.uuid().optional(),
  p: z.uuid().optional(),
  d: z.uuid().optional(),
  s: z.string().max(100).optional(),
});

export function fileRoutes(app: App, deps: Deps) {
  /**
   * Downloads a stored file by the signed link records carry (usable in <img>, which sends no Bearer header). The link
   * binds company, file, expiry (minutes) and the sign-in it was issued to; it stops working when that sign-in ends.
   * Always served as an attachment with nosniff, only to the owning company.
   */
  app.get('/api/files/:id', {
    config: { public: true },
    // Served as stored, with its exact length: images and PDFs gain nothing from another compression.
    compress: false,
    schema: { tags: ['files'], params: z.object({ id: idSchema }), querystring: fileQuery },
    handler: async (req, reply) => {
      const { row, content, cacheControl } = await openDownload(deps, requestContext(req), req.params.id, req.query, { read: req.method === 'GET' });
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', String(row.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', cacheControl)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition(row.originalName))
        .send(content);
    },
  });
}
