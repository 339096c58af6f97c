import type { BookingPage, OnlineBookingMode, OnlineBookingSettings, OnlineBookingSettingsInput } from '@clinic/shared';
import QRCode from 'qrcode';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed, type FieldMessage } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/lease.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import {
  clinicDoctorIds, clinicExists, clinicServiceIds, companySlug, findSettings, insertFirstSettings, setCompanySlug,
  slugTaken, updateSettingsAtVersion, type SettingsRow, type SettingsValues,
} from './online-booking-settings.repository.js';

/*
 * The staff side of online booking: whether and how each clinic takes bookings online (no row: off, with the
 * defaults below), and the organisation's public address /book/<slug> with its QR code and embed snippet.
 */

const DEFAULTS: SettingsValues = {
  enabled: false, mode: 'instant', serviceIds: [], doctorIds: [], minNoticeMinutes: 120, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 4,
  cancellationPolicy: {},
};

const clinicNotFound = () => new AppError(404, 'CLINIC_NOT_FOUND', 'errors.scheduling.clinicNotFound');

/** The organisation's public page, and a clinic's deep link into it. */
export function bookingUrl(publicUrl: string, slug: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/book/${encodeURIComponent(slug)}`;
}
export function clinicBookingUrl(publicUrl: string, slug: string, clinicId: string): string {
  return `${bookingUrl(publicUrl, slug)}?clinic=${encodeURIComponent(clinicId)}`;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function toRecord(clinicId: string, row: SettingsRow | null, url: string | null): OnlineBookingSettings {
  const v = row ?? { ...DEFAULTS, version: 1 };
  const policy = (v.cancellationPolicy ?? {}) as { en?: string; ar?: string };
  return {
    clinic: clinicId,
    enabled: v.enabled,
    mode: (v.mode === 'request' ? 'request' : 'instant') as OnlineBookingMode,
    services: ids(v.serviceIds),
    doctors: ids(v.doctorIds),
    minNoticeMinutes: v.minNoticeMinutes,
    horizonDays: v.horizonDays,
    maxPerPhoneDay: v.maxPerPhoneDay,
    maxPerPhoneWeek: v.maxPerPhoneWeek,
    cancellationPolicy: { ...(policy.en ? { en: policy.en } : {}), ...(policy.ar ? { ar: policy.ar } : {}) },
    url,
    version: v.version,
  };
}

async function settingsOf(deps: Deps, companyId: string, clinicId: string): Promise<OnlineBookingSettings> {
  const [row, slug] = await Promise.all([findSettings(deps.db, companyId, clinicId), companySlug(deps.db, companyId)]);
  return toRecord(clinicId, row, slug ? clinicBookingUrl(deps.config.publicUrl, slug, clinicId) : null);
}

export async function getOnlineBookingSettings(deps: Deps, caller: Caller, clinicId: string): Promise<OnlineBookingSettings> {
  if (!(await clinicExists(deps.db, caller.companyId, clinicId))) throw clinicNotFound();
  return settingsOf(deps, caller.companyId, clinicId);
}

/** The chosen services and doctors must be this clinic's; any other is a field error naming its position. */
async function assertRefs(deps: Deps, companyId: string, clinicId: string, values: SettingsValues): Promise<void> {
  const [svc, docs] = await Promise.all([
    clinicServiceIds(deps.db, companyId, clinicId, values.serviceIds), clinicDoctorIds(deps.db, companyId, clinicId, values.doctorIds),
  ]);
  const fields: Record<string, FieldMessage> = {};
  if (values.maxPerPhoneWeek < values.maxPerPhoneDay) fields.maxPerPhoneWeek = 'validation.onlineBooking.weekBelowDay';
  values.serviceIds.forEach((id, i) => { if (!svc.has(id)) fields[`services.${i}`] = 'validation.onlineBooking.serviceNotInClinic'; });
  values.doctorIds.forEach((id, i) => { if (!docs.has(id)) fields[`doctors.${i}`] = 'validation.onlineBooking.doctorNotInClinic'; });
  if (Object.keys(fields).length) throw validationFailed(fields);
}

const valuesOf = (r: SettingsRow): SettingsValues => ({
  enabled: r.enabled, mode: r.mode, serviceIds: ids(r.serviceIds), doctorIds: ids(r.doctorIds), minNoticeMinutes: r.minNoticeMinutes,
  horizonDays: r.horizonDays, maxPerPhoneDay: r.maxPerPhoneDay, maxPerPhoneWeek: r.maxPerPhoneWeek,
  cancellationPolicy: (r.cancellationPolicy ?? {}) as SettingsValues['cancellationPolicy'],
});

function trimmedPolicy(p: OnlineBookingSettingsInput['cancellationPolicy']): { en?: string; ar?: string } {
  return { ...(p.en?.trim() ? { en: p.en.trim() } : {}), ...(p.ar?.trim() ? { ar: p.ar.trim() } : {}) };
}

/** Saves a clinic's settings over the version its form loaded (1 before the first save); audited. */
export async function saveOnlineBookingSettings(
  deps: Deps, ctx: RequestContext, caller: Caller, clinicId: string, input: OnlineBookingSettingsInput,
): Promise<OnlineBookingSettings> {
  if (!(await clinicExists(deps.db, caller.companyId, clinicId))) throw clinicNotFound();
  const values: SettingsValues = {
    enabled: input.enabled, mode: input.mode, serviceIds: [...new Set(input.services)], doctorIds: [...new Set(input.doctors)],
    minNoticeMinutes: input.minNoticeMinutes, horizonDays: input.horizonDays, maxPerPhoneDay: input.maxPerPhoneDay,
    maxPerPhoneWeek: input.maxPerPhoneWeek, cancellationPolicy: trimmedPolicy(input.cancellationPolicy),
  };
  await assertRefs(deps, caller.companyId, clinicId, values);
  await inTransaction(deps.db, async (tx) => {
    const before = await findSettings(tx, caller.companyId, clinicId, true);
    const current = before?.version ?? null;
    const expected = input.version ?? current ?? 1;
    if (current === null) {
      if (expected !== 1 || !(await insertFirstSettings(tx, caller.companyId, clinicId, values))) throw staleRecord();
    } else if (expected !== current || !(await updateSettingsAtVersion(tx, caller.companyId, clinicId, current, values))) {
      throw staleRecord();
    }
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'online_booking_settings', entityId: clinicId,
      changes: { before: before ? valuesOf(before) : null, after: values },
    });
  });
  return settingsOf(deps, caller.companyId, clinicId);
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* The organisation's booking page                                                                                    */

/** The iframe a clinic pastes into its own website. */
export function embedSnippet(url: string): string {
  return `<iframe src="${url}" title="Book an appointment" width="100%" height="720" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

async function pageOf(deps: Deps, slug: string | null): Promise<BookingPage> {
  if (!slug) return { slug: null, url: null, qrSvg: null, embed: null };
  const url = bookingUrl(deps.config.publicUrl, slug);
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { slug, url, qrSvg: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, embed: embedSnippet(url) };
}

export async function getBookingPage(deps: Deps, caller: Caller, companyId: string): Promise<BookingPage> {
  if (companyId !== caller.companyId) throw notFound();
  return pageOf(deps, await companySlug(deps.db, caller.companyId));
}

const slugTakenError = () => validationFailed({ slug: 'validation.onlineBooking.slugTaken' });

/** Sets (or clears, null) the organisation's public address; an address another organisation holds is a field error. */
export async function saveBookingPage(deps: Deps, ctx: RequestContext, caller: Caller, companyId: string, input: { slug: string | null }): Promise<BookingPage> {
  if (companyId !== caller.companyId) throw notFound();
  const slug = input.slug;
  if (slug && (await slugTaken(deps.db, caller.companyId, slug))) throw slugTakenError();
  const before = await companySlug(deps.db, caller.companyId);
  try {
    await inTransaction(deps.db, async (tx) => {
      await setCompanySlug(tx, caller.companyId, slug);
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'booking_page', entityId: caller.companyId,
        changes: { before: { slug: before }, after: { slug } },
      });
    });
  } catch (err) {
    // Two organisations claiming the same address at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw slugTakenError();
    throw err;
  }
  return pageOf(deps, slug);
}
