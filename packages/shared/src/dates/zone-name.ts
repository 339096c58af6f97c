/*
 * Whether a text names a time zone. Kept apart from the Day.js arithmetic so that a form validating a zone name (sign-up,
 * a clinic's settings) does not load Day.js.
 */

const zoneChecks = new Map<string, boolean>();

/** True when `zone` is an IANA time zone this runtime knows (names longer than 64 characters are refused). */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || !zone || zone.length > 64) return false;
  let known = zoneChecks.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (zoneChecks.size >= 1000) zoneChecks.clear();
    zoneChecks.set(zone, known);
  }
  return known;
}

/** The zone to compute with: a clinic with a broken zone falls back to UTC rather than failing every booking. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}
