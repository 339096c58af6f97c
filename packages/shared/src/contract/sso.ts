import { loginAnswer } from '../schemas/auth.js';
import { okSchema } from '../schemas/common.js';
import { ssoCallbackQuery, ssoExchangeInput, ssoInfo, ssoSettingsInput, ssoSettingsRecord, ssoStartQuery, ssoTestInput, ssoTestResult } from '../schemas/sso.js';
import { route } from './route.js';

const tags = ['sso'];

/**
 * Single sign-on with the organisation's OpenID Connect provider. The browser goes to `start` (a redirect to the
 * provider), comes back to `callback` (a redirect to the web app's /login/sso with a one-time code in the fragment), and
 * the web app exchanges that code for the sign-in's answer (tokens, or the second step's ticket). Errors of the round
 * trip redirect to /login?sso_error=<reason> (SSO_ERROR_REASONS), never an error page.
 */
export const ssoRoutes = {
  settings: route({ method: 'GET', path: '/api/organisation/sso', access: 'admin', tags, response: { 200: okSchema(ssoSettingsRecord) } }),
  /**
   * Saves the provider and the password sign-in rule (password sign-in can be off only while single sign-on is on).
   * A sensitive change: it decides who can sign in and how (step-up).
   */
  saveSettings: route({
    method: 'PUT', path: '/api/organisation/sso', access: 'admin', stepUp: true, tags, body: ssoSettingsInput, response: { 200: okSchema(ssoSettingsRecord) },
  }),
  /** Fetches the issuer's discovery document (the issuer it names must be the one typed). */
  test: route({ method: 'POST', path: '/api/organisation/sso/test', access: 'admin', tags, body: ssoTestInput, response: { 200: okSchema(ssoTestResult) } }),
  /** Whether the organisation (as `start` finds it) signs in through its provider, and the button's label. */
  info: route({ method: 'GET', path: '/api/auth/sso/info', access: 'public', tags, query: ssoStartQuery, response: { 200: okSchema(ssoInfo) } }),
  start: route({ method: 'GET', path: '/api/auth/sso/start', access: 'public', tags, query: ssoStartQuery, response: 'redirect' }),
  callback: route({ method: 'GET', path: '/api/auth/sso/callback', access: 'public', tags, query: ssoCallbackQuery, response: 'redirect' }),
  /** The one-time code of the callback's redirect, exchanged once within a minute. */
  exchange: route({ method: 'POST', path: '/api/auth/sso/exchange', access: 'public', tags, body: ssoExchangeInput, response: { 200: okSchema(loginAnswer) } }),
};
