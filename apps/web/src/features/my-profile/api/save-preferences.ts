import { routes, type PreferencesInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** PUT /profile/preferences: the user's own display settings; the answer is the refreshed profile and a message. */
export function savePreferences(input: PreferencesInput) {
  return call(routes.profile.preferences, { body: input });
}
