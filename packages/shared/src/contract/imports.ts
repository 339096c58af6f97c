import { listSchema, okSchema } from '../schemas/common.js';
import {
  importBatchDetailsSchema, importBatchSchema, importListQuery, importParams, importRemapInput, importStartInput, importUndoInput, importUploadFields,
} from '../schemas/import.js';
import { route } from './route.js';

const tags = ['imports'];

/** Spreadsheet imports: upload, map columns, a dry run, the import with its progress, undo. */
export const importRoutes = {
  list: route({ method: 'GET', path: '/api/imports', access: 'data_import', tags, query: importListQuery, response: { 200: listSchema(importBatchSchema) } }),
  get: route({ method: 'GET', path: '/api/imports/:id', access: 'data_import', tags, params: importParams, response: { 200: okSchema(importBatchDetailsSchema) } }),
  upload: route({ method: 'POST', path: '/api/imports', access: 'data_import', tags, body: 'form-data', jsonBody: importUploadFields, response: { 201: okSchema(importBatchDetailsSchema) } }),
  remap: route({ method: 'PUT', path: '/api/imports/:id/mapping', access: 'data_import', tags, params: importParams, body: importRemapInput, response: { 200: okSchema(importBatchDetailsSchema) } }),
  start: route({ method: 'POST', path: '/api/imports/:id/start', access: 'data_import', tags, params: importParams, body: importStartInput, response: { 202: okSchema(importBatchSchema) } }),
  undo: route({ method: 'POST', path: '/api/imports/:id/undo', access: 'data_import', tags, params: importParams, body: importUndoInput, response: { 200: okSchema(importBatchSchema) } }),
};
