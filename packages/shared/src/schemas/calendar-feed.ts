import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common.js';

/** GET /api/calendar-feeds: a page of the feeds the caller may manage, latest first. */
export const calendarFeedListQuery = pageQuerySchema;

/** A private iCalendar feed of a doctor's or a clinic's appointments. The address is shown when made or rotated. */
export const calendarFeedCreateInput = z.strictObject({
  /** The doctor whose appointments the feed carries (a doctor's own feed: their id). */
  doctor: idSchema.optional(),
  /** Or a clinic's appointments (administrators). */
  clinic: idSchema.optional(),
  /** Full patient names instead of initials. */
  showNames: z.boolean({ error: 'validation.invalidBoolean' }).default(false),
});
export type CalendarFeedCreateInput = z.infer<typeof calendarFeedCreateInput>;

export const calendarFeedRecord = z.object({
  _id: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  clinic: z.object({ _id: z.string(), name: z.string() }).nullable(),
  showNames: z.boolean(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  /** Only in the answer that made or rotated the feed: the secret is not kept, so it cannot be shown again. */
  url: z.string().optional(),
});
export type CalendarFeedRecord = z.infer<typeof calendarFeedRecord>;

/** The window a feed covers, in days before and after today. */
/** GET /api/calendars/{file}: the feed's secret file name (`<token>.ics`), the only key a calendar app sends. */
export const calendarFileParams = z.object({ file: z.string().max(100) });

export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 90;
