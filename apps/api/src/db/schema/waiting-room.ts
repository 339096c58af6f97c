import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, version } from './columns.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';
import { appointments } from './scheduling.js';

/*
 * The waiting room (modules/waiting-room): each clinic's queue settings, the ticket a checked-in patient is given,
 * what happened to each ticket (called, recalled, skipped, prioritised, transferred: who and when), the day's
 * counters the numbers come from, and the screens (displays) paired to show a clinic's calls.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A clinic's waiting-room settings; a clinic without a row uses the defaults. */
export const waitingRoomSettings = pgTable('waiting_room_settings', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  clinicId: uuid('clinic_id').notNull(),
  /** 'none' | 'doctor' | 'service': what a ticket's letter prefix follows. */
  prefixBy: text('prefix_by').notNull().default('none'),
  /** The prefix of each doctor or service (by id), e.g. {"<doctor id>": "A"}; one without an entry has none. */
  prefixes: jsonb('prefixes').$type<Record<string, string>>().notNull().default({}),
  /** Each doctor's room (by doctor id), shown on the display with the call. */
  rooms: jsonb('rooms').$type<Record<string, string>>().notNull().default({}),
  /** Whether displays show patients' names beside their numbers (off: numbers and rooms only). */
  showNames: boolean('show_names').notNull().default(false),
  /** Whether a checked-in patient with a mobile number is sent a link to follow their place in the queue. */
  sendLink: boolean('send_link').notNull().default(true),
  /** The language(s) the display announces a call in: 'ar' | 'en' | 'both'. */
  announce: text('announce').notNull().default('both'),
  version: version(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);

/** The last number given per clinic, local day and prefix: numbers start at 1 each day. */
export const queueCounters = pgTable('queue_counters', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  clinicId: uuid('clinic_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  prefix: text('prefix').notNull(),
  last: integer('last').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId, t.day, t.prefix] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);

/**
 * A checked-in visit's place in the queue: its number for the clinic's local day, the doctor (and room) it waits
 * for, its priority and its state in the queue ('waiting', 'called', 'skipped'). Once the visit moves on (called in,
 * completed, cancelled, no-show) the appointment's status says so; the ticket stays as the day's record.
 * `estimated_wait_minutes` is the estimate given at check-in, kept to be compared with the actual wait
 * (`first_called_at - issued_at`).
 */
export const queueTickets = pgTable('queue_tickets', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  clinicId: uuid('clinic_id').notNull(),
  appointmentId: uuid('appointment_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  prefix: text('prefix').notNull().default(''),
  number: integer('number').notNull(),
  doctorId: uuid('doctor_id').notNull(),
  room: text('room'),
  /** 'normal' | 'elderly' | 'urgent' (urgent first, then elderly, then by number). */
  priority: text('priority').notNull().default('normal'),
  /** 'waiting' | 'called' | 'skipped' */
  state: text('state').notNull().default('waiting'),
  issuedAt: at('issued_at').notNull(),
  calledAt: at('called_at'),
  firstCalledAt: at('first_called_at'),
  callCount: integer('call_count').notNull().default(0),
  estimatedWaitMinutes: integer('estimated_wait_minutes'),
  /** 'today' (the doctor's pace today) | 'nominal' (the booked visit length: not enough seen today). */
  estimateBasis: text('estimate_basis'),
  version: version(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('queue_tickets_appointment_uq').on(t.companyId, t.appointmentId),
  uniqueIndex('queue_tickets_number_uq').on(t.companyId, t.clinicId, t.day, t.prefix, t.number),
  index('queue_tickets_day_idx').on(t.companyId, t.clinicId, t.day, t.state),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.appointmentId], foreignColumns: [appointments.companyId, appointments.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);

/**
 * What happened to a ticket, who did it and when: 'issued' | 'called' | 'recalled' | 'skipped' | 'priority' |
 * 'transferred'. The display's last calls are the day's 'called' and 'recalled' rows. `actor_id` is an employee id
 * kept without a foreign key, so people can be removed.
 */
export const queueTicketEvents = pgTable('queue_ticket_events', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  ticketId: uuid('ticket_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  kind: text('kind').notNull(),
  actorId: uuid('actor_id'),
  at: at('at').notNull(),
  /** The ticket's label and room at the time (a call), the priority set, or the doctor and room moved from and to. */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('queue_ticket_events_ticket_idx').on(t.companyId, t.ticketId, t.at),
  index('queue_ticket_events_clinic_idx').on(t.companyId, t.clinicId, t.kind, t.at),
  foreignKey({ columns: [t.companyId, t.ticketId], foreignColumns: [queueTickets.companyId, queueTickets.id] }).onDelete('cascade'),
]);

/**
 * A screen (a TV in the waiting room) that shows one clinic's calls, or one room's. It is paired once with a
 * single-use code an administrator creates (an `auth_challenges` row, stored hashed, ten minutes); pairing gives the
 * screen a token naming the company and the display, whose secret part is stored hashed here, presented from then on
 * until the display is revoked. A display is the clinic's, not a person's: it
 * outlives whoever paired it, and ends with its revocation, its clinic or the organisation.
 */
export const queueDisplays = pgTable('queue_displays', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  clinicId: uuid('clinic_id').notNull(),
  name: text('name').notNull(),
  /** Only this room's calls; null: the whole clinic's. */
  room: text('room'),
  /** Until when the latest pairing code works (the code itself is a sign-in challenge, stored hashed). */
  pairingExpiresAt: at('pairing_expires_at'),
  /** The hash of the secret part of the screen's token; null until paired. */
  tokenHash: text('token_hash'),
  pairedAt: at('paired_at'),
  lastSeenAt: at('last_seen_at'),
  revokedAt: at('revoked_at'),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  version: version(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('queue_displays_clinic_idx').on(t.companyId, t.clinicId),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);
