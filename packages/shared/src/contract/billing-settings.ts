import { billingSettingsInput, billingSettingsRecord } from '../schemas/billing.js';
import { okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['billing'];
const one = okSchema(billingSettingsRecord);

/** The company's currency, VAT rate and tax number: read by billing, changed by who may change the company. */
export const billingSettingsRoutes = {
  get: route({ method: 'GET', path: '/api/billing/settings', access: 'billing_read', tags, response: { 200: one } }),
  update: route({ method: 'PUT', path: '/api/billing/settings', access: 'company_write', tags, body: billingSettingsInput, response: { 200: one } }),
};
