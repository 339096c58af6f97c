/** The passkeys module's public entry. */
export { passkeyRoutes } from './passkeys.routes.js';
