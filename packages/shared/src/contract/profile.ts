import { okSchema } from '../schemas/common.js';
import { profileUpdateInput, sessionUserSchema } from '../schemas/auth.js';
import { clinicChoiceInput, preferencesInput } from '../schemas/display.js';
import { employeeRecord } from '../schemas/employee.js';
import { changePasswordInput, changePasswordResult } from '../schemas/profile.js';
import { route } from './route.js';

const tags = ['profile'];
const session = okSchema(sessionUserSchema);

/** The signed-in user's own profile: what the session carries, their full record, and what they set for themselves. */
export const profileRoutes = {
  get: route({ method: 'GET', path: '/api/profile', access: 'authenticated', duringEnrolment: true, tags, response: { 200: session } }),
  /** The caller's own full record (My profile), whatever their permissions. */
  details: route({ method: 'GET', path: '/api/profile/details', access: 'authenticated', tags, response: { 200: okSchema(employeeRecord) } }),
  /** The organisation's plan (the registration wizard). */
  update: route({ method: 'PUT', path: '/api/profile', access: 'admin', tags, body: profileUpdateInput, response: { 200: session } }),
  /** The caller's own display settings (Hijri dates, digits, start screen). */
  preferences: route({ method: 'PUT', path: '/api/profile/preferences', access: 'authenticated', tags, body: preferencesInput, response: { 200: session } }),
  /** The clinic the caller last chose on a day's screen: opened first next time, on any device. */
  clinic: route({ method: 'PUT', path: '/api/profile/clinic', access: 'authenticated', tags, body: clinicChoiceInput, response: { 200: session } }),
  /** Ends every other session and answers fresh tokens for this one. */
  password: route({ method: 'PUT', path: '/api/profile/password', access: 'authenticated', tags, body: changePasswordInput, response: { 200: okSchema(changePasswordResult) } }),
};
