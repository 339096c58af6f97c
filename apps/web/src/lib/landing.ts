import { hasPermission, START_SCREENS, type StartScreen } from '@clinic/shared';
import { mayOpen } from './pages';

/**
 * The screen of each kind of day, first match wins: the owner or administrator on the dashboard, a doctor on their own
 * day, reception on the board (or, reading only, the calendar), a cashier on the cash boxes, then the lists a role
 * may read. A user who may open none of them starts on My profile.
 */
const BY_PERMISSION: ReadonlyArray<readonly [StartScreen, (held: readonly string[]) => boolean]> = [
  ['/dashboard', (held) => hasPermission(held, 'dashboard_read')],
  ['/my-day', (held) => held.includes('my_day')],
  ['/frontdesk', (held) => hasPermission(held, 'appointment_write')],
  ['/billing/cash-boxes', (held) => hasPermission(held, 'billing_read')],
  ['/appointments/calendar', (held) => hasPermission(held, 'appointment_read')],
  ['/patients', (held) => hasPermission(held, 'patient_read')],
  ['/', (held) => hasPermission(held, 'user_read', 'user_create', 'user_update', 'user_delete')],
  ['/employees', (held) => hasPermission(held, 'employee_read')],
];

/** Where a user with no usable choice of their own starts. */
export const FALLBACK_SCREEN = '/myProfile';

/** The screen their permissions suggest (an administrator, holding them all, starts on the dashboard). */
export function suggestedScreen(held: readonly string[] | null | undefined): string {
  const permissions = held ?? [];
  return BY_PERMISSION.find(([path, suits]) => suits(permissions) && mayOpen(path, permissions))?.[0] ?? FALLBACK_SCREEN;
}

/** Where a user lands: the start screen they chose while they may still open it, else the one their permissions suggest. */
export function landingPath(held: readonly string[] | null | undefined, chosen: string | null | undefined): string {
  if (chosen && (START_SCREENS as readonly string[]).includes(chosen) && mayOpen(chosen, held)) return chosen;
  return suggestedScreen(held);
}

/** The start screens a user may choose among in My profile: those they may open, in the list's order. */
export function startScreenChoices(held: readonly string[] | null | undefined): StartScreen[] {
  return START_SCREENS.filter((path) => mayOpen(path, held));
}
