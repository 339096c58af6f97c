import { z } from 'zod';
import { idSchema, pageQuerySchema, refSchema } from './common.js';
import { calendarDate, daysBetween } from './dates.js';

/*
 * The waiting room: the ticket a checked-in patient is given, the clinic's queue as staff see it, calling the next
 * patient (and priority, skip, recall, transfer), the clinic's settings, the screens that show the calls (displays)
 * and the patient's own page that follows their place in the queue.
 */

export const QUEUE_PRIORITIES = ['normal', 'elderly', 'urgent'] as const;
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];

/**
 * Where a ticket stands: its own queue states while the visit is checked in (`waiting`, `called`, `skipped`), then
 * the visit's: `in_consultation` (called in by the doctor), `done` (completed), `left` (cancelled or no-show).
 */
export const TICKET_STATES = ['waiting', 'called', 'skipped', 'in_consultation', 'done', 'left'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const TICKET_EVENT_KINDS = ['issued', 'called', 'recalled', 'skipped', 'priority', 'transferred'] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** What an estimate is based on: the doctor's pace today, or the booked visit length while too few were seen today. */
export const ESTIMATE_BASES = ['today', 'nominal'] as const;
export type EstimateBasis = (typeof ESTIMATE_BASES)[number];

export const PREFIX_BY = ['none', 'doctor', 'service'] as const;
export const ANNOUNCE_LANGUAGES = ['ar', 'en', 'both'] as const;

/** A prefix: one to three Latin capital letters (it is read out on the display and printed on the slip). */
export const QUEUE_PREFIX_MAX = 3;
export const ROOM_NAME_MAX = 40;
export const DISPLAY_NAME_MAX = 60;
/** How many recent calls a display shows. */
export const DISPLAY_RECENT_CALLS = 6;
/** The longest period the waiting-time accuracy report answers for, in days (a quarter). */
export const ACCURACY_MAX_DAYS = 93;

/** A ticket's label as shown and spoken: prefix, a dash, and the number padded to three digits ("A-007", "012"). */
export function ticketLabel(prefix: string, number: number): string {
  const n = String(number).padStart(3, '0');
  return prefix ? `${prefix}-${n}` : n;
}

const instant = z.string();

export const ticketRecord = z.object({
  _id: z.string(),
  appointment: z.string(),
  clinic: refSchema,
  /** The clinic-local day the number belongs to (YYYY-MM-DD). */
  day: z.string(),
  prefix: z.string(),
  number: z.number(),
  label: z.string(),
  patient: refSchema,
  /** The doctor the ticket waits for (after a transfer, the new one). */
  doctor: refSchema,
  service: refSchema,
  room: z.string().nullable(),
  priority: z.enum(QUEUE_PRIORITIES),
  state: z.enum(TICKET_STATES),
  issuedAt: instant,
  /** The latest call (a recall moves it), and the first (the actual wait ends there). */
  calledAt: instant.nullable(),
  firstCalledAt: instant.nullable(),
  callCount: z.number(),
  /** Tickets before this one for the same doctor (0: next); null once it is no longer waiting. */
  position: z.number().nullable(),
  /** Minutes until this ticket is likely called, now; null once it is no longer waiting. */
  estimatedWaitMinutes: z.number().nullable(),
  estimateBasis: z.enum(ESTIMATE_BASES).nullable(),
  /** The estimate given at check-in, kept to be compared with the actual wait. */
  issuedEstimateMinutes: z.number().nullable(),
  version: z.number(),
});
export type TicketRecord = z.infer<typeof ticketRecord>;

export const ticketEvent = z.object({
  kind: z.enum(TICKET_EVENT_KINDS),
  at: instant,
  /** Who did it; null for a patient's own check-in (none yet) or a removed person. */
  actor: refSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TicketEvent = z.infer<typeof ticketEvent>;

export const ticketDetail = ticketRecord.extend({ history: z.array(ticketEvent) });
export type TicketDetail = z.infer<typeof ticketDetail>;

/** One doctor's line in the clinic's queue today. */
export const queueDoctor = z.object({
  doctor: refSchema,
  room: z.string().nullable(),
  /** Minutes per patient: the doctor's pace today (from today's calls), or the booked visit length. */
  paceMinutes: z.number(),
  paceBasis: z.enum(ESTIMATE_BASES),
  waiting: z.number(),
  /** The ticket called last and not yet done (called, or in consultation), if any. */
  current: ticketRecord.nullable(),
});

export const queueView = z.object({
  clinic: refSchema.extend({ timeZone: z.string() }),
  day: z.string(),
  /** Every ticket of the day: waiting ones first, in the order they will be called, then the rest, newest first. */
  tickets: z.array(ticketRecord),
  doctors: z.array(queueDoctor),
});
export type QueueView = z.infer<typeof queueView>;

export const queueQuery = z.object({ clinic: idSchema });

export const callNextInput = z.strictObject({
  clinic: idSchema,
  /** The doctor whose next patient is called; absent: the next of the whole clinic. */
  doctor: idSchema.optional(),
});

/** Recall (announce again) a called ticket, or call back a skipped one. */
export const ticketVersionInput = z.strictObject({ version: z.number().int().positive() });

const prefixText = z.string().trim().regex(/^[A-Z]{1,3}$/, 'validation.waitingRoom.prefix');
const roomText = z.string().trim().min(1, 'validation.required').max(ROOM_NAME_MAX, 'validation.waitingRoom.roomTooLong');

/** Priority, or a transfer to another doctor and/or room. */
export const ticketUpdateInput = z.strictObject({
  version: z.number().int().positive(),
  priority: z.enum(QUEUE_PRIORITIES, { error: 'validation.invalidValue' }).optional(),
  doctor: idSchema.optional(),
  /** null: no room. */
  room: roomText.nullable().optional(),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateInput>;

export const waitingRoomSettings = z.object({
  clinic: z.string(),
  prefixBy: z.enum(PREFIX_BY),
  /** Prefix by doctor or service id. */
  prefixes: z.record(z.string(), z.string()),
  /** Room by doctor id. */
  rooms: z.record(z.string(), z.string()),
  showNames: z.boolean(),
  sendLink: z.boolean(),
  announce: z.enum(ANNOUNCE_LANGUAGES),
  version: z.number(),
});
export type WaitingRoomSettings = z.infer<typeof waitingRoomSettings>;

export const waitingRoomSettingsInput = z.strictObject({
  prefixBy: z.enum(PREFIX_BY, { error: 'validation.invalidValue' }),
  prefixes: z.record(idSchema, prefixText).refine((r) => Object.keys(r).length <= 200, 'validation.waitingRoom.tooMany'),
  rooms: z.record(idSchema, roomText).refine((r) => Object.keys(r).length <= 200, 'validation.waitingRoom.tooMany'),
  showNames: z.boolean(),
  sendLink: z.boolean(),
  announce: z.enum(ANNOUNCE_LANGUAGES, { error: 'validation.invalidValue' }),
  /** The version loaded; absent for a clinic that has no settings saved yet. */
  version: z.number().int().positive().optional(),
});
export type WaitingRoomSettingsInput = z.infer<typeof waitingRoomSettingsInput>;

export const displayRecord = z.object({
  _id: z.string(),
  clinic: refSchema,
  name: z.string(),
  room: z.string().nullable(),
  /** 'pairing': a code was made and not used yet; 'paired'; 'revoked'; 'unpaired': its code lapsed unused. */
  status: z.enum(['pairing', 'paired', 'revoked', 'unpaired']),
  pairingExpiresAt: instant.nullable(),
  pairedAt: instant.nullable(),
  lastSeenAt: instant.nullable(),
  revokedAt: instant.nullable(),
  createdAt: instant,
});
export type DisplayRecord = z.infer<typeof displayRecord>;

/** The organisation's displays (a clinic's, when named), paged like every list. */
export const displayListQuery = pageQuerySchema.extend({ clinic: idSchema.optional() });

export const displayCreateInput = z.strictObject({
  clinic: idSchema,
  name: z.string().trim().min(1, 'validation.required').max(DISPLAY_NAME_MAX, 'validation.waitingRoom.displayNameTooLong'),
  /** Empty or null: the whole clinic's calls. */
  room: z.string().trim().max(ROOM_NAME_MAX, 'validation.waitingRoom.roomTooLong').transform((v) => v || null).nullable().optional(),
});

/** A display with its one-time pairing code (shown once, to type on the screen). */
export const displayPairing = z.object({ display: displayRecord, code: z.string(), expiresAt: instant });

/** The screen's pairing: the code an administrator made. */
export const displayPairInput = z.strictObject({ code: z.string().trim().min(1, 'validation.required').max(32, 'validation.waitingRoom.pairingCode') });
export const displayPaired = z.object({ token: z.string(), display: z.object({ name: z.string(), clinic: z.string(), room: z.string().nullable() }) });

/** One call as a display shows it: numbers and rooms; the name only when the clinic shows names. */
export const displayCall = z.object({
  /** The ticket event's id: a display announces each call once. */
  id: z.string(),
  label: z.string(),
  room: z.string().nullable(),
  doctor: z.string(),
  patientName: z.string().nullable(),
  at: instant,
  recall: z.boolean(),
});
export type DisplayCall = z.infer<typeof displayCall>;

export const displayBoard = z.object({
  display: z.object({ name: z.string(), room: z.string().nullable() }),
  clinic: z.object({ name: z.string(), timeZone: z.string() }),
  announce: z.enum(ANNOUNCE_LANGUAGES),
  /** Latest first (DISPLAY_RECENT_CALLS). */
  calls: z.array(displayCall),
  /** The tickets still waiting, in call order (labels and rooms; names only when shown). */
  waiting: z.array(z.object({ label: z.string(), room: z.string().nullable(), patientName: z.string().nullable() })),
  /** The server's time, so a screen with a wrong clock still shows the right "called N minutes ago". */
  now: instant,
});
export type DisplayBoard = z.infer<typeof displayBoard>;

/** The patient's page, opened from the text sent at check-in. */
export const queueTicketQuery = z.object({ token: z.string().min(1).max(2000) });
export const publicTicketView = z.object({
  clinic: z.string(),
  label: z.string(),
  state: z.enum(TICKET_STATES),
  position: z.number().nullable(),
  estimatedWaitMinutes: z.number().nullable(),
  estimateBasis: z.enum(ESTIMATE_BASES).nullable(),
  /** Where to go: the room and the doctor once called (or with the doctor), null before and after. */
  room: z.string().nullable(),
  doctor: z.string().nullable(),
  calledAt: instant.nullable(),
  now: instant,
});
export type PublicTicketView = z.infer<typeof publicTicketView>;

/** Waiting-time accuracy: the estimate given at check-in against the wait that followed, for called tickets. */
export const accuracyQuery = z
  .object({ clinic: idSchema.optional(), from: calendarDate().optional(), to: calendarDate().optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const days = daysBetween(q.from, q.to);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dashboard.periodOrder' });
      else if (days + 1 > ACCURACY_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dashboard.periodTooLong' });
    }
  });

const accuracyFigures = z.object({
  /** Tickets given and, of them, called (only those have an actual wait). */
  tickets: z.number(),
  called: z.number(),
  meanEstimateMinutes: z.number().nullable(),
  meanActualMinutes: z.number().nullable(),
  /** Mean of |actual - estimate|. */
  meanAbsoluteErrorMinutes: z.number().nullable(),
  /** Share (0-100) of called tickets whose actual wait was within 5 minutes of the estimate. */
  withinFiveMinutesPercent: z.number().nullable(),
});
export const waitAccuracy = accuracyFigures.extend({
  period: z.object({ from: z.string(), to: z.string() }),
  byDoctor: z.array(accuracyFigures.extend({ doctor: refSchema })),
});
export type WaitAccuracy = z.infer<typeof waitAccuracy>;
