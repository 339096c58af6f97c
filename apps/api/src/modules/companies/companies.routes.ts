import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { readForm } from '../../lib/multipart.js';
import { serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { assertLogoTarget, createCompany, createRegisteredCompany, listCompanies, updateCompany, uploadLogo } from './companies.service.js';

const r = routes.companies;

export function companyRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const data = await listCompanies(deps, callerOf(req));
    return listEnvelope(data, { page: 1, limit: 10 }, data.length);
  });

  serve(app, r.create, async (req, reply) => {
    const data = await createCompany(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.org.companyCreated'), _id: data._id, data });
  });

  serve(app, r.register, async (req, reply) => {
    const data = await createRegisteredCompany(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.org.companyCreated'), _id: data._id, data });
  });

  serveUpdate(app, r.update, 'success.org.companyUpdated', (ctx, caller, id, body) => updateCompany(deps, ctx, caller, id, body));

  serve(app, r.uploadLogo, async (req) => {
    const caller = callerOf(req);
    // Refused before the body is read: no file is stored for a logo that could not be taken.
    await assertLogoTarget(deps, caller, req.params.id);
    const form = await readForm(req, deps, caller, { files: { logo: 'logo' } });
    const data = await uploadLogo(deps, requestContext(req), caller, req.params.id, { logo: form.files.logo, discard: form.discard });
    return { success: true as const, message: t(req, 'success.org.logoUpdated'), data };
  }, {
    schema: {
      consumes: ['multipart/form-data'],
      description: 'Uploads the company logo: multipart with `logo` (JPEG or PNG, at most 5 MB, checked by content).',
    },
  });
}
