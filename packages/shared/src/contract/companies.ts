import { idParams, listSchema, okSchema } from '../schemas/common.js';
import { companyCreatedSchema, companyInput, companyRecord, companyUpdateInput, registrationCompanyInput } from '../schemas/company.js';
import { route } from './route.js';

const tags = ['companies'];
const readers = 'company_read';
const writers = 'company_write';

/** The caller's company: its profile, the registration wizard's company step and the logo. */
export const companyRoutes = {
  /** A list of one: the caller's company (none until its profile exists). */
  list: route({ method: 'GET', path: '/api/companies', access: readers, tags, response: { 200: listSchema(companyRecord) } }),
  create: route({ method: 'POST', path: '/api/companies', access: writers, tags, body: companyInput, response: { 201: companyCreatedSchema } }),
  /** The registration wizard's company step: the name only; the rest of the profile is filled in later in Company info. */
  register: route({ method: 'POST', path: '/api/companies/registration', access: writers, tags, body: registrationCompanyInput, response: { 201: companyCreatedSchema } }),
  update: route({ method: 'PUT', path: '/api/companies/:id', access: writers, tags, params: idParams, body: companyUpdateInput, response: { 200: okSchema(companyRecord) } }),
  /** Multipart with one file part `logo` (JPEG or PNG, at most 5 MB, checked by content). */
  uploadLogo: route({ method: 'POST', path: '/api/companies/:id/logo', access: writers, tags, params: idParams, body: 'form-data', response: { 200: okSchema(companyRecord) } }),
};
