import { DEFAULT_FIRST_DAY_OF_WEEK, DEFAULT_WEEKEND_DAYS, DIGIT_STYLES, HIJRI_MODES, type DigitStyle, type HijriMode } from '@clinic/shared';

/*
 * The signed-in user's display settings, as the formatting module reads them: the Hijri mode (the user's own or the
 * company's), the Arabic interface's digits, and the week of the clinic being looked at. Kept in memory and in local
 * storage (so a reload draws the first screen right before the profile answers); the profile is the source.
 */

export interface DisplaySettings {
  hijriMode: HijriMode;
  digits: DigitStyle;
}

export interface ClinicWeek {
  firstDayOfWeek: number;
  weekendDays: number[];
}

const STORAGE_KEY = 'clinic.display';
const DEFAULTS: DisplaySettings = { hijriMode: 'off', digits: 'latn' };
export const DEFAULT_WEEK: ClinicWeek = { firstDayOfWeek: DEFAULT_FIRST_DAY_OF_WEEK, weekendDays: [...DEFAULT_WEEKEND_DAYS] };

function readStored(): DisplaySettings {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<DisplaySettings> | null;
    return {
      hijriMode: (HIJRI_MODES as readonly string[]).includes(value?.hijriMode ?? '') ? value!.hijriMode! : DEFAULTS.hijriMode,
      digits: (DIGIT_STYLES as readonly string[]).includes(value?.digits ?? '') ? value!.digits! : DEFAULTS.digits,
    };
  } catch {
    return DEFAULTS;
  }
}

let current: DisplaySettings = readStored();
const listeners = new Set<() => void>();

export function getDisplay(): DisplaySettings {
  return current;
}

/** Makes settings the ones every date and number is written with; listeners hear of a real change only. */
export function setDisplay(next: DisplaySettings): void {
  if (next.hijriMode === current.hijriMode && next.digits === current.digits) return;
  current = { hijriMode: next.hijriMode, digits: next.digits };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    /* storage full or blocked: the settings still apply to this page */
  }
  listeners.forEach((listener) => listener());
}

export function subscribeDisplay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A clinic's week as the API gives it, or the default week for a missing or malformed one. */
export function weekOf(clinic: { firstDayOfWeek?: number | null; weekendDays?: number[] | null } | null | undefined): ClinicWeek {
  const first = clinic?.firstDayOfWeek;
  const weekend = clinic?.weekendDays;
  return {
    firstDayOfWeek: Number.isInteger(first) && first! >= 0 && first! <= 6 ? first! : DEFAULT_WEEK.firstDayOfWeek,
    weekendDays: Array.isArray(weekend) ? weekend.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : DEFAULT_WEEK.weekendDays,
  };
}

/** The seven days of the week in the order a clinic's week runs, from its first day. */
export function weekOrder(firstDayOfWeek: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (firstDayOfWeek + i) % 7);
}

let currentWeek: ClinicWeek = DEFAULT_WEEK;
const weekListeners = new Set<() => void>();

/** The week of the clinic being worked with (the calendar's, a booking's): the date pickers follow it. */
export function getCurrentWeek(): ClinicWeek {
  return currentWeek;
}

export function setCurrentWeek(week: ClinicWeek): void {
  if (week.firstDayOfWeek === currentWeek.firstDayOfWeek && week.weekendDays.join() === currentWeek.weekendDays.join()) return;
  currentWeek = week;
  weekListeners.forEach((listener) => listener());
}

export function subscribeWeek(listener: () => void): () => void {
  weekListeners.add(listener);
  return () => weekListeners.delete(listener);
}
