/** The profile's schema, on its own so that Zod loads with the first profile request, not with the sign-in page. */
export { sessionUserSchema } from '@clinic/shared';
