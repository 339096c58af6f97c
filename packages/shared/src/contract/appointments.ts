import { z } from 'zod';
import {
  appointmentAvailability, appointmentAvailabilityQuery, appointmentBoard, appointmentCard, appointmentCreateInput, appointmentListQuery,
  appointmentRecord, appointmentUpdateInput, boardQuery, nextFreeQuery, nextFreeSlot,
} from '../schemas/appointment.js';
import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { patientLinkRecord, reminderRecord } from '../schemas/reminder.js';
import { route } from './route.js';

const tags = ['appointments'];
const readers = 'appointment_read';
const writers = 'appointment_write';
const one = okSchema(appointmentRecord);

/**
 * Appointments: the list (whole records, or with `view=calendar` the calendar's lean cards), one, booking, changes
 * along the visit's flow, an administrator's delete, the calendar's availability, the front desk's board, the next
 * free slots, and an appointment's reminders and patient's page.
 */
export const appointmentRoutes = {
  list: route({ method: 'GET', path: '/api/appointments', access: readers, tags, query: appointmentListQuery, response: { 200: listSchema(z.union([appointmentRecord, appointmentCard])) } }),
  availability: route({ method: 'GET', path: '/api/appointments/availability', access: readers, tags, query: appointmentAvailabilityQuery, response: { 200: okSchema(appointmentAvailability) } }),
  nextFree: route({ method: 'GET', path: '/api/appointments/next-free', access: readers, tags, query: nextFreeQuery, response: { 200: okSchema(z.array(nextFreeSlot)) } }),
  board: route({ method: 'GET', path: '/api/appointments/board', access: readers, tags, query: boardQuery, response: { 200: okSchema(appointmentBoard) } }),
  get: route({ method: 'GET', path: '/api/appointments/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/appointments', access: writers, tags, body: appointmentCreateInput, response: { 201: one } }),
  patch: route({ method: 'PATCH', path: '/api/appointments/:id', access: writers, tags, params: idParams, body: appointmentUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/appointments/:id', access: 'appointment_delete', tags, params: idParams, response: { 200: messageOnlySchema } }),
  reminders: route({ method: 'GET', path: '/api/appointments/:id/reminders', access: readers, tags: ['reminders'], params: idParams, response: { 200: okSchema(z.array(reminderRecord)) } }),
  patientLink: route({ method: 'POST', path: '/api/appointments/:id/patient-link', access: writers, tags: ['reminders'], params: idParams, response: { 200: okSchema(patientLinkRecord) } }),
};
