import type { ApiSuccess, PreferencesInput, SessionUser } from '@clinic/shared';
import { http } from '@/lib/http';

/** PUT /profile/preferences: the user's own display settings; the answer is the refreshed profile and a message. */
export function savePreferences(input: PreferencesInput): Promise<ApiSuccess<SessionUser>> {
  return http.put<ApiSuccess<SessionUser>>('/profile/preferences', input);
}
