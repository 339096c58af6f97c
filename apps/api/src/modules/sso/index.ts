/** Single sign-on with the organisation's OpenID Connect provider. */
export { ssoRoutes } from './sso.routes.js';
