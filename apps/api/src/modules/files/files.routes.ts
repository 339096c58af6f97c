import { createReadStream } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@clinic/shared';
import { files } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/app-types.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { storedPath, verifyFileSignature } from '../../lib/files.js';

const fileQuery = z.object({
  c: z.uuid().optional(),
  e: z.coerce.number().int().optional(),
  s: z.string().max(100).optional(),
});

export function fileRoutes(app: App, deps: Deps) {
  /**
   * Downloads a stored file. Access by a signed link (the URLs records carry, usable in <img>) that binds
   * company and file. Always served as an attachment with nosniff, only to the owning company.
   */
  app.get('/api/files/:id', {
    config: { public: true },
    schema: { tags: ['files'], params: z.object({ id: idSchema }), querystring: fileQuery },
    handler: async (req, reply) => {
      const { c, e, s } = req.query;
      if (!c || !e || !s) throw unauthorized();
      const check = verifyFileSignature(deps, c, req.params.id, e, s);
      if (check === 'invalid') throw notFound();
      if (check === 'expired') throw new AppError(403, 'LINK_EXPIRED', 'errors.fileLinkExpired');
      const [row] = await deps.db.select().from(files).where(and(eq(files.companyId, c), eq(files.id, req.params.id))).limit(1);
      if (!row) throw notFound();
      const asciiName = row.originalName.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', String(row.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
        .send(createReadStream(storedPath(deps, row)));
    },
  });
}
