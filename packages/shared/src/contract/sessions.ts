import { idParams, okSchema } from '../schemas/common.js';
import {
  sessionIdParams, sessionPolicyInput, sessionPolicyRecord, sessionRecord, sessionsEnded, signInHistoryPage, signInHistoryQuery,
} from '../schemas/sessions.js';
import { z } from 'zod';
import { route } from './route.js';

const tags = ['sessions'];
const list = okSchema(z.array(sessionRecord));
const ended = okSchema(sessionsEnded);
const history = okSchema(signInHistoryPage);
const policy = okSchema(sessionPolicyRecord);

/**
 * Sign-in sessions. The caller's own (live first, the current one marked), ending one or all the others, and their
 * sign-in history; an administrator's view of a person's sessions and history and "end all sessions" of that person
 * (same organisation; audited). Ending a session revokes its refresh tokens and stops its access tokens on every server
 * within seconds. The organisation's idle timeout and absolute lifetime (readable by any signed-in person: the web app
 * warns before an idle sign-out).
 */
export const sessionRoutes = {
  mine: route({ method: 'GET', path: '/api/sessions', access: 'authenticated', tags, response: { 200: list } }),
  end: route({ method: 'DELETE', path: '/api/sessions/:sessionId', access: 'authenticated', tags, params: sessionIdParams, response: { 200: ended } }),
  endOthers: route({ method: 'POST', path: '/api/sessions/end-others', access: 'authenticated', tags, response: { 200: ended } }),
  myHistory: route({ method: 'GET', path: '/api/sessions/history', access: 'authenticated', tags, query: signInHistoryQuery, response: { 200: history } }),
  rules: route({ method: 'GET', path: '/api/sessions/rules', access: 'authenticated', duringEnrolment: true, tags, response: { 200: policy } }),
  ofEmployee: route({ method: 'GET', path: '/api/employees/:id/sessions', access: 'user_update', tags, params: idParams, response: { 200: list } }),
  endAllOfEmployee: route({
    method: 'POST', path: '/api/employees/:id/sessions/end-all', access: 'user_update', tags, params: idParams, response: { 200: ended },
  }),
  historyOfEmployee: route({
    method: 'GET', path: '/api/employees/:id/sign-in-history', access: 'user_update', tags, params: idParams, query: signInHistoryQuery, response: { 200: history },
  }),
  policy: route({ method: 'GET', path: '/api/organisation/security/sessions', access: 'admin', tags, response: { 200: policy } }),
  /** The idle timeout and absolute lifetime: a sensitive change (step-up). */
  savePolicy: route({
    method: 'PUT', path: '/api/organisation/security/sessions', access: 'admin', stepUp: true, tags, body: sessionPolicyInput, response: { 200: policy },
  }),
};
