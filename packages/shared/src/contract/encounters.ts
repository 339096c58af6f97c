import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  addendumInput, appointmentParams, breakGlassInput, encounterAddendum, encounterDetails, encounterNote, encounterListQuery, encounterOpenInput,
  encounterSummary, noteDraftInput, noteSignInput, noteTemplateCreateInput, noteTemplateListQuery, noteTemplateRecord,
  noteTemplateUpdateInput,
} from '../schemas/encounter.js';
import { route } from './route.js';

const tags = ['encounters'];
const details = okSchema(encounterDetails);
const summary = okSchema(encounterSummary);

/**
 * The encounter and its note. Reading content needs `clinical_read` and is audited as a read of the patient's
 * record; reception (`appointment_read`) may only learn that an appointment's encounter exists (`ofAppointment`).
 */
export const encounterRoutes = {
  list: route({ method: 'GET', path: '/api/encounters', access: 'clinical_read', tags, query: encounterListQuery, response: { 200: listSchema(encounterSummary) } }),
  get: route({ method: 'GET', path: '/api/encounters/:id', access: 'clinical_read', tags, params: idParams, response: { 200: details } }),
  /** That an appointment's encounter exists, and its state: no content. Null when none was opened. */
  ofAppointment: route({
    method: 'GET', path: '/api/appointments/:id/encounter', access: ['appointment_read', 'clinical_read'], tags, params: appointmentParams,
    response: { 200: okSchema(encounterSummary.nullable()) },
  }),
  /** Opens the appointment's encounter, or answers the one already open (201 opened, 200 existing). */
  openForAppointment: route({
    method: 'POST', path: '/api/appointments/:id/encounter', access: 'clinical_write', tags, params: appointmentParams,
    response: { 200: summary, 201: summary },
  }),
  /** A doctor opens an encounter for a patient without an appointment (phone advice); the board does not show it. */
  open: route({ method: 'POST', path: '/api/encounters', access: 'clinical_write', tags, body: encounterOpenInput, response: { 201: summary } }),
  /** Saves the draft as typed; 409 STALE_RECORD with the current note when another save came first. */
  saveNote: route({ method: 'PUT', path: '/api/encounters/:id/note', access: 'clinical_write', tags, params: idParams, body: noteDraftInput, response: { 200: okSchema(encounterNote) } }),
  sign: route({ method: 'POST', path: '/api/encounters/:id/sign', access: 'clinical_write', stepUp: true, tags, params: idParams, body: noteSignInput, response: { 200: details } }),
  addAddendum: route({ method: 'POST', path: '/api/encounters/:id/addenda', access: 'clinical_write', tags, params: idParams, body: addendumInput, response: { 201: okSchema(encounterAddendum) } }),
  /** Another clinician opens a sensitive note, giving a reason (audited; administrators notified). */
  breakGlass: route({ method: 'POST', path: '/api/encounters/:id/break-glass', access: 'clinical_read', tags, params: idParams, body: breakGlassInput, response: { 200: details } }),
};

const templateTags = ['note-templates'];
const template = okSchema(noteTemplateRecord);

/** Note templates: clinicians read them (the note form); administrators write them. */
export const noteTemplateRoutes = {
  list: route({ method: 'GET', path: '/api/note-templates', access: ['clinical_read', 'admin'], tags: templateTags, query: noteTemplateListQuery, response: { 200: listSchema(noteTemplateRecord) } }),
  get: route({ method: 'GET', path: '/api/note-templates/:id', access: ['clinical_read', 'admin'], tags: templateTags, params: idParams, response: { 200: template } }),
  create: route({ method: 'POST', path: '/api/note-templates', access: 'admin', tags: templateTags, body: noteTemplateCreateInput, response: { 201: template } }),
  update: route({ method: 'PUT', path: '/api/note-templates/:id', access: 'admin', tags: templateTags, params: idParams, body: noteTemplateUpdateInput, response: { 200: template } }),
};
