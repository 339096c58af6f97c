import { companyCreatedSchema, companyInput, companyRecord, companyUpdateInput, idParams, listSchema, okSchema, registrationCompanyInput } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { readForm } from '../../lib/multipart.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { assertLogoTarget, createCompany, createRegisteredCompany, listCompanies, updateCompany, uploadLogo } from './companies.service.js';

export function companyRoutes(app: App, deps: Deps) {
  app.get('/api/companies', {
    config: { permission: 'company_read' },
    schema: { tags: ['companies'], response: { 200: listSchema(companyRecord) } },
    handler: async (req) => {
      const data = await listCompanies(deps, callerOf(req));
      return listEnvelope(data, { page: 1, limit: 10 }, data.length);
    },
  });

  app.post('/api/companies', {
    config: { permission: 'company_write' },
    schema: { tags: ['companies'], body: companyInput, response: { 201: companyCreatedSchema } },
    handler: async (req, reply) => {
      const data = await createCompany(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.org.companyCreated'), _id: data._id, data });
    },
  });

  /** The registration wizard's company step: the name only; the rest of the profile is filled in later in Company info. */
  app.post('/api/companies/registration', {
    config: { permission: 'company_write' },
    schema: { tags: ['companies'], body: registrationCompanyInput, response: { 201: companyCreatedSchema } },
    handler: async (req, reply) => {
      const data = await createRegisteredCompany(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.org.companyCreated'), _id: data._id, data });
    },
  });

  app.put('/api/companies/:id', {
    config: { permission: 'company_write' },
    schema: { tags: ['companies'], params: idParams, body: companyUpdateInput, response: { 200: okSchema(companyRecord) } },
    handler: async (req) => ({
      success: true as const,
      message: t(req, 'success.org.companyUpdated'),
      data: await updateCompany(deps, requestContext(req), callerOf(req), req.params.id, req.body),
    }),
  });

  /** Multipart with one file part `logo` (JPEG or PNG, at most 5 MB). */
  app.post('/api/companies/:id/logo', {
    config: { permission: 'company_write' },
    schema: {
      tags: ['companies'],
      consumes: ['multipart/form-data'],
      description: 'Uploads the company logo: multipart with `logo` (JPEG or PNG, at most 5 MB, checked by content).',
      params: idParams,
      response: { 200: okSchema(companyRecord) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      // Refused before the body is read: no file is stored for a logo that could not be taken.
      await assertLogoTarget(deps, caller, req.params.id);
      const form = await readForm(req, deps, caller, { files: { logo: 'logo' } });
      const data = await uploadLogo(deps, requestContext(req), caller, req.params.id, { logo: form.files.logo, discard: form.discard });
      return { success: true as const, message: t(req, 'success.org.logoUpdated'), data };
    },
  });
}
