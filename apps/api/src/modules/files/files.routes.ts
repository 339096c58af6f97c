import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { contentDisposition } from '../../lib/files.js';
import { requestContext } from '../../lib/request-context.js';
import { openDownload } from './files.service.js';

export function fileRoutes(app: App, deps: Deps) {
  /**
   * Downloads a stored file by the signed link records carry (usable in <img>, which sends no Bearer header). The link
   * binds company, file, expiry (minutes) and the sign-in it was issued to; it stops working when that sign-in ends.
   * Always served as an attachment with nosniff, only to the owning company.
   */
  serve(app, routes.files.get, async (req, reply) => {
    const { row, content, cacheControl } = await openDownload(deps, requestContext(req), req.params.id, req.query, { read: req.method === 'GET' });
    return reply
      .header('content-type', row.mimeType)
      .header('content-length', String(row.sizeBytes))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cacheControl)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(row.originalName))
      .send(content);
  }, {
    // Served as stored, with its exact length: images and PDFs gain nothing from another compression.
    route: { compress: false },
  });
}
