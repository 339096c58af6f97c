import { z } from 'zod';
import { idParams, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  doctorShareDoctor, doctorSharePayoutInput, doctorSharePayoutRecord, doctorShareRuleInput, doctorShareRuleListQuery, doctorShareRuleRecord,
  doctorShareStatement, doctorShareStatementQuery,
} from '../schemas/doctor-share.js';
import { route } from './route.js';

const tags = ['doctor share'];

/**
 * The doctor's share: the rules (per doctor and service, from a date on), a doctor's statement of a period (entries
 * locked by the cash boxes' day closes), its CSV, and the payouts recorded against it. A doctor always sees their
 * own statement (`my_day`); anyone else's needs `doctor_share_read_all`.
 */
export const doctorShareRoutes = {
  doctors: route({
    method: 'GET', path: '/api/doctor-shares/doctors', access: ['doctor_share_read_all', 'my_day'], tags,
    response: { 200: okSchema(z.array(doctorShareDoctor)) },
  }),
  rules: route({
    method: 'GET', path: '/api/doctor-shares/rules', access: ['doctor_share_read_all', 'doctor_share_write'], tags, query: doctorShareRuleListQuery,
    response: { 200: okSchema(z.array(doctorShareRuleRecord)) },
  }),
  createRule: route({
    method: 'POST', path: '/api/doctor-shares/rules', access: 'doctor_share_write', tags, body: doctorShareRuleInput, response: { 201: okSchema(doctorShareRuleRecord) },
  }),
  /** Withdraws a rule not yet in effect (one in effect stays: a change is a new rule from a later day). */
  withdrawRule: route({
    method: 'DELETE', path: '/api/doctor-shares/rules/:id', access: 'doctor_share_write', tags, params: idParams, response: { 200: messageOnlySchema },
  }),
  statement: route({
    method: 'GET', path: '/api/doctor-shares/statement', access: ['doctor_share_read_all', 'my_day'], tags, query: doctorShareStatementQuery,
    response: { 200: okSchema(doctorShareStatement) },
  }),
  statementCsv: route({
    method: 'GET', path: '/api/doctor-shares/statement.csv', access: ['doctor_share_read_all', 'my_day'], tags, query: doctorShareStatementQuery, response: 'file',
  }),
  createPayout: route({
    method: 'POST', path: '/api/doctor-shares/payouts', access: 'doctor_share_write', tags, body: doctorSharePayoutInput, response: { 201: okSchema(doctorSharePayoutRecord) },
  }),
};
