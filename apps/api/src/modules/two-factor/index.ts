/** Second factors by authenticator app and recovery codes, the sign-in's second step, step-up, the organisation's rule. */
export { twoFactorRoutes } from './two-factor.routes.js';
export { dropRecoveryCodesWithoutFactor } from './two-factor.repository.js';
