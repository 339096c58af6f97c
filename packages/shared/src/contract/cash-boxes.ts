import { cashBoxClose, cashBoxCloseInput, cashBoxCloseParams, cashBoxCloseReport, cashBoxDetails, cashBoxListQuery, cashBoxSummary } from '../schemas/billing.js';
import { idParams, listSchema, okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['billing'];

/** The company's and clinics' cash boxes, their balances and their day closes (Z reports). */
export const cashBoxRoutes = {
  list: route({ method: 'GET', path: '/api/cash-boxes', access: 'billing_read', tags, query: cashBoxListQuery, response: { 200: listSchema(cashBoxSummary) } }),
  get: route({ method: 'GET', path: '/api/cash-boxes/:id', access: 'billing_read', tags, params: idParams, response: { 200: okSchema(cashBoxDetails) } }),
  closeReport: route({
    method: 'GET', path: '/api/cash-boxes/:id/closes/:closeId', access: 'billing_read', tags, params: cashBoxCloseParams, response: { 200: okSchema(cashBoxCloseReport) },
  }),
  close: route({ method: 'POST', path: '/api/cash-boxes/:id/close', access: 'cashbox_close', tags, params: idParams, body: cashBoxCloseInput, response: { 201: okSchema(cashBoxClose) } }),
};
