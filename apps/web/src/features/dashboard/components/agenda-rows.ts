import type { AppointmentStatus, DashboardFigures } from '@clinic/shared';

type AgendaItem = DashboardFigures['agenda'][number];

/** Rows of today's agenda shown on the dashboard; the rest are one link away (today's appointments list). */
export const AGENDA_SHOWN = 40;
/** On a phone, where each is a block of its own: fewer, the rest one link away. */
export const AGENDA_SHOWN_NARROW = 15;

/** Visits that are over: done, missed or called off. */
const FINISHED: ReadonlySet<AppointmentStatus> = new Set(['completed', 'no_show', 'cancelled']);

export type AgendaFilter = 'open' | 'all';

/**
 * What the agenda shows: by default the visits not finished yet (in progress, waiting, to come, or requested), earliest
 * first, so the morning's finished visits do not push the current and coming ones out of sight; or the whole day. The
 * first `limit` rows, how many more there are, and how many of the day are finished.
 */
export function agendaRows(agenda: readonly AgendaItem[], filter: AgendaFilter, limit = AGENDA_SHOWN) {
  const open = agenda.filter((a) => !FINISHED.has(a.status));
  const list = filter === 'open' ? open : agenda;
  return { rows: list.slice(0, limit), more: Math.max(0, list.length - limit), open: open.length, finished: agenda.length - open.length };
}

/**
 * The appointments list of one day, earliest first, of the dashboard's clinic when it shows one: where "and N more" of
 * the agenda leads.
 */
export function dayListPath(day: string, clinic?: string | null): string {
  return `/appointments?${new URLSearchParams({ date: day, ...(clinic ? { clinic } : {}), sortBy: 'datetime', order: 'asc' }).toString()}`;
}

/**
 * Where the agenda's link leads in the dashboard's scope: the day's list of its clinic, or of every clinic when it shows
 * the whole company. None for a complex: the appointments list cannot show just a complex's clinics, and a list of
 * every clinic would not be what the agenda counted.
 */
export function agendaListPath(day: string, scope: Pick<DashboardFigures['scope'], 'clinic' | 'complex'>): string | null {
  if (scope.complex && !scope.clinic) return null;
  return dayListPath(day, scope.clinic?._id);
}
