import { DISPLAY_RECENT_CALLS, safeTimeZone, ticketLabel, ANNOUNCE_LANGUAGES, type DisplayBoard } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError } from '../../lib/errors.js';
import { queueScope } from '../waiting-room/index.js';
import { parseDisplayToken, secretMatches } from './display-credentials.js';
import { displaySettings, pairedDisplay, recentCalls, touchDisplay, waitingTickets, type PairedDisplay } from './queue-displays.repository.js';

/*
 * What a paired screen reads. Its token names a company and a display; the display is looked up by both (never by
 * the token alone), must be paired, not revoked, of an open company (`companyIsOpen`, as every credential of a clinic), and its stored hash must match the token's
 * secret. The board shows the display's clinic (or room) only: numbers and rooms, names only when the clinic shows
 * them.
 */

/** How many waiting numbers a board lists. */
const BOARD_WAITING_MAX = 60;
/** The screen's last-seen time is written at most this often. */
const SEEN_EVERY_MS = 60_000;

export const tokenRefused = () => new AppError(401, 'DISPLAY_TOKEN_INVALID', 'errors.queueDisplays.tokenInvalid');

/** The display a token belongs to while it may still read its board, else null. */
export async function displayOfToken(deps: Deps, token: string | undefined): Promise<PairedDisplay | null> {
  const parsed = parseDisplayToken(token);
  if (!parsed) return null;
  const display = await pairedDisplay(deps.db, parsed.companyId, parsed.displayId);
  if (!display || !secretMatches(parsed.secret, display.tokenHash)) return null;
  return (await companyIsOpen(deps.db, display.companyId)) ? display : null;
}

/** Whether the display is still the one the stream was opened for: paired with the same token, not revoked, company open. */
export async function stillPaired(deps: Deps, opened: PairedDisplay): Promise<boolean> {
  const now = await pairedDisplay(deps.db, opened.companyId, opened.id);
  return !!now && now.tokenHash === opened.tokenHash && (await companyIsOpen(deps.db, opened.companyId));
}

export async function displayBoard(deps: Deps, token: string | undefined): Promise<DisplayBoard> {
  const display = await displayOfToken(deps, token);
  if (!display) throw tokenRefused();
  const now = clockNow(deps);
  if (!display.lastSeenAt || now.getTime() - display.lastSeenAt.getTime() >= SEEN_EVERY_MS) await touchDisplay(deps.db, display.companyId, display.id, now);
  const timeZone = safeTimeZone(display.timeZone);
  // The queue as the staff call it: today's tickets and those still open from before the clinic's midnight.
  const scope = queueScope(now, timeZone);
  const settings = await displaySettings(deps.db, display.companyId, display.clinicId);
  const named = (name: string | null) => (settings.showNames ? name : null);
  const calls = await recentCalls(deps.db, display.companyId, display.clinicId, scope, display.room, DISPLAY_RECENT_CALLS);
  const waiting = await waitingTickets(deps.db, display.companyId, display.clinicId, scope, display.room, BOARD_WAITING_MAX);
  return {
    display: { name: display.name, room: display.room },
    clinic: { name: display.clinicName, timeZone },
    announce: (ANNOUNCE_LANGUAGES as readonly string[]).includes(settings.announce) ? settings.announce as DisplayBoard['announce'] : 'both',
    calls: calls.map((c) => ({
      id: String(c.id), label: c.label ?? ticketLabel(c.prefix, c.number), room: c.room, doctor: c.doctor ?? '',
      patientName: named(c.patientName), at: c.at.toISOString(), recall: c.kind === 'recalled',
    })),
    waiting: waiting.map((t) => ({ label: ticketLabel(t.prefix, t.number), room: t.room, patientName: named(t.patientName) })),
    now: now.toISOString(),
  };
}
