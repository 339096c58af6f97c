import { routes, sessionUserSchema, type SessionUser } from '@clinic/shared';
import { call } from './api-client';

/**
 * The signed-in user's profile from the API, in a chunk of its own (session-context.tsx loads it with the first
 * read): the contract and the profile's schema are not needed before the user signs in.
 */
export async function requestProfile(): Promise<SessionUser> {
  const body = await call(routes.profile.get, {});
  // Only a well-formed profile may replace the stored permissions and plan (checked in production too).
  return sessionUserSchema.parse(body.data);
}
