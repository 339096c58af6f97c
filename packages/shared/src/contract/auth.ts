import { loginAnswer, loginInput, loginResult, logoutInput, refreshInput, refreshResult } from '../schemas/auth.js';
import { messageOnlySchema, okSchema } from '../schemas/common.js';
import { signupInput } from '../schemas/signup.js';
import { route } from './route.js';

const tags = ['auth'];

/** Signing in and out, renewing a session, and signing up a new organisation (each throttled by the API). */
export const authRoutes = {
  /** Signed in, or (an account with a second factor) the ticket of the second step. */
  login: route({ method: 'POST', path: '/api/auth/login', access: 'public', tags, body: loginInput, response: { 200: okSchema(loginAnswer) } }),
  refreshToken: route({ method: 'POST', path: '/api/auth/refresh-token', access: 'public', tags, body: refreshInput, response: { 200: okSchema(refreshResult) } }),
  logout: route({ method: 'POST', path: '/api/auth/logout', access: 'public', tags, body: logoutInput.optional(), response: { 200: messageOnlySchema } }),
  /** Creates a new organisation and its first administrator, and signs them in (the sign-in's answer). */
  signup: route({ method: 'POST', path: '/api/auth/signup', access: 'public', tags, body: signupInput, response: { 200: okSchema(loginResult) } }),
};
