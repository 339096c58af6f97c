import { ANNOUNCE_LANGUAGES, PREFIX_BY, type WaitingRoomSettings, type WaitingRoomSettingsInput } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { validationFailed, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { notFound } from '../appointments/index.js';
import { clinicParties, findClinic, findSettings, insertSettings, updateSettings, type SettingsRow } from './waiting-room.repository.js';

/*
 * A clinic's waiting-room settings: what a ticket's prefix follows and each prefix, each doctor's room, whether
 * displays show names, whether a checked-in patient is sent their link, the language(s) calls are announced in. A
 * clinic that saved none has the defaults (version 0).
 */

const oneOf = <T extends string>(values: readonly T[], v: string, fallback: T): T => ((values as readonly string[]).includes(v) ? v as T : fallback);

export function effectiveSettings(row: SettingsRow | null, clinicId: string): WaitingRoomSettings {
  return {
    clinic: clinicId,
    prefixBy: oneOf(PREFIX_BY, row?.prefixBy ?? 'none', 'none'),
    prefixes: row?.prefixes ?? {},
    rooms: row?.rooms ?? {},
    showNames: row?.showNames ?? false,
    sendLink: row?.sendLink ?? true,
    announce: oneOf(ANNOUNCE_LANGUAGES, row?.announce ?? 'both', 'both'),
    version: row?.version ?? 0,
  };
}

export async function settingsOf(db: Db, companyId: string, clinicId: string): Promise<WaitingRoomSettings> {
  return effectiveSettings(await findSettings(db, companyId, clinicId), clinicId);
}

/** The prefix a new ticket takes: its doctor's or its service's, as the clinic numbers them ('' for none). */
export function prefixFor(s: WaitingRoomSettings, doctorId: string, serviceId: string): string {
  if (s.prefixBy === 'doctor') return s.prefixes[doctorId] ?? '';
  if (s.prefixBy === 'service') return s.prefixes[serviceId] ?? '';
  return '';
}

const auditable = (s: WaitingRoomSettings) => ({
  prefixBy: s.prefixBy, prefixes: s.prefixes, rooms: s.rooms, showNames: s.showNames, sendLink: s.sendLink, announce: s.announce,
});

async function clinicOrFail(db: Db, companyId: string, clinicId: string) {
  if (!(await findClinic(db, companyId, clinicId))) throw notFound('clinic');
}

export async function getSettings(deps: Deps, caller: Caller, clinicId: string): Promise<WaitingRoomSettings> {
  await clinicOrFail(deps.db, caller.companyId, clinicId);
  return settingsOf(deps.db, caller.companyId, clinicId);
}

/**
 * Saves the settings from the version loaded (absent: the clinic had none); 409 when someone saved them meanwhile.
 * Rooms and doctor prefixes name doctors working at the clinic, service prefixes the clinic's services (422 otherwise).
 */
export async function saveSettings(deps: Deps, ctx: RequestContext, caller: Caller, clinicId: string, input: WaitingRoomSettingsInput): Promise<WaitingRoomSettings> {
  await clinicOrFail(deps.db, caller.companyId, clinicId);
  const ids = [...new Set([...Object.keys(input.prefixes), ...Object.keys(input.rooms)])];
  const known = await clinicParties(deps.db, caller.companyId, clinicId, ids);
  const fields: Record<string, FieldMessage> = {};
  for (const id of Object.keys(input.rooms)) if (!known.doctors.has(id)) fields[`rooms.${id}`] = 'validation.waitingRoom.notClinicDoctor';
  for (const id of Object.keys(input.prefixes)) {
    if (input.prefixBy === 'service' ? !known.services.has(id) : !known.doctors.has(id)) {
      fields[`prefixes.${id}`] = input.prefixBy === 'service' ? 'validation.waitingRoom.notClinicService' : 'validation.waitingRoom.notClinicDoctor';
    }
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
  const before = await findSettings(deps.db, caller.companyId, clinicId);
  // Based on another version than the one stored (or on saved settings the clinic does not have): stale at once.
  if ((before?.version ?? undefined) !== input.version) throw staleRecord();
  const values = {
    prefixBy: input.prefixBy, prefixes: input.prefixes, rooms: input.rooms, showNames: input.showNames, sendLink: input.sendLink,
    announce: input.announce, updatedAt: clockNow(deps),
  };
  const saved = await inTransaction(deps.db, async (tx) => {
    const row = input.version === undefined
      ? await insertSettings(tx, caller.companyId, clinicId, values)
      : await updateSettings(tx, caller.companyId, clinicId, input.version, values);
    if (!row) throw staleRecord();
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: before ? 'update' : 'create', entity: 'waiting_room_settings', entityId: clinicId,
      changes: changedFields(auditable(effectiveSettings(before, clinicId)), auditable(effectiveSettings(row, clinicId))) ?? {},
    });
    await deps.live?.publish(tx, { c: caller.companyId, t: 'queue', k: clinicId });
    return row;
  });
  return effectiveSettings(saved, clinicId);
}
