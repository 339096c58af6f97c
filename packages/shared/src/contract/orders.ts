import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  catalogueItemInput, catalogueItemRecord, catalogueItemUpdate, catalogueListQuery, orderCancelInput, orderCreateInput, orderNumberQuery,
  orderRecord, orderVersionInput, patientOrderListQuery, resultEntryInput, resultsToReviewQuery,
} from '../schemas/order.js';
import { route } from './route.js';

const tags = ['orders'];
const order = okSchema(orderRecord);

/** Each clinic's catalogue of lab tests and imaging studies, kept by the company's administrators. */
export const orderCatalogueRoutes = {
  list: route({ method: 'GET', path: '/api/order-catalogue', access: ['order', 'company_write'], tags, query: catalogueListQuery, response: { 200: listSchema(catalogueItemRecord) } }),
  create: route({ method: 'POST', path: '/api/order-catalogue', access: 'company_write', tags, body: catalogueItemInput, response: { 201: okSchema(catalogueItemRecord) } }),
  update: route({ method: 'PATCH', path: '/api/order-catalogue/:id', access: 'company_write', tags, params: idParams, body: catalogueItemUpdate, response: { 200: okSchema(catalogueItemRecord) } }),
};

/** Lab and imaging orders, their results (entered against the full order number) and the doctor's acknowledgement. */
export const orderRoutes = {
  patientList: route({ method: 'GET', path: '/api/patients/:id/orders', access: 'clinical_read', tags, params: idParams, query: patientOrderListQuery, response: { 200: listSchema(orderRecord) } }),
  create: route({ method: 'POST', path: '/api/patients/:id/orders', access: 'order', tags, params: idParams, body: orderCreateInput, response: { 201: order } }),
  get: route({ method: 'GET', path: '/api/orders/:id', access: 'clinical_read', tags, params: idParams, response: { 200: order } }),
  cancel: route({ method: 'POST', path: '/api/orders/:id/cancel', access: 'order', tags, params: idParams, body: orderCancelInput, response: { 200: order } }),
  collect: route({ method: 'POST', path: '/api/orders/:id/collect', access: 'result_write', tags, params: idParams, body: orderVersionInput, response: { 200: order } }),
  acknowledge: route({ method: 'POST', path: '/api/orders/:id/acknowledge', access: 'clinical_read', tags, params: idParams, body: orderVersionInput, response: { 200: order } }),
  /** The order a full number names, for whoever enters results. */
  byNumber: route({ method: 'GET', path: '/api/orders/by-number', access: 'result_write', tags, query: orderNumberQuery, response: { 200: order } }),
  enterResults: route({ method: 'POST', path: '/api/orders/results', access: 'result_write', tags, body: resultEntryInput, response: { 200: order } }),
  attachResult: route({ method: 'POST', path: '/api/orders/results/document', access: 'result_write', tags, body: 'form-data', response: { 200: order } }),
  mine: route({ method: 'GET', path: '/api/orders/results/mine', access: 'clinical_read', tags, query: resultsToReviewQuery, response: { 200: listSchema(orderRecord) } }),
};
