import type { CompanyRecord, CompanyUpdateValues, CompanyValues, RegistrationCompanyValues } from '@clinic/shared';
import { effectiveHijriMode, type HijriMode } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { announceCredentialChange, endCredentials } from '../../lib/credential-liveness.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { fileRef, removeUnreferencedFiles, type StoredFile } from '../../lib/files.js';
import { t } from '../../lib/i18n.js';
import { inTransaction } from '../../lib/transaction.js';
import type { RequestContext } from '../../lib/request-context.js';
import { asPlan, planIncludes } from '../organisation/index.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { cashBoxesWithLedger } from '../billing/index.js';
import {
  findCompany, insertProfileRow, profileExists, setCompanyClosedAt, setProfileLogo, updateCompanyRow, updateProfileAtVersion, type CompanyRow, type ProfileRow,
} from './companies.repository.js';

/** A logo upload as the route read it from the form: the stored file, if the form carried one, and how to drop it when refused. */
export interface LogoUpload {
  logo: StoredFile | undefined;
  discard(): Promise<void>;
}

async function toRecord(deps: Deps, company: CompanyRow, profile: ProfileRow): Promise<CompanyRecord> {
  return {
    _id: company.id,
    name: company.name,
    plan: company.plan,
    timeZone: company.timeZone,
    address: profile.address,
    yearOfEstablishment: profile.yearOfEstablishment,
    goals: profile.goals,
    overview: profile.overview,
    vision: profile.vision,
    logo: await fileRef(deps, company.id, profile.logoFileId),
    contactInfos: profile.contactInfos as CompanyRecord['contactInfos'],
    holidays: profile.holidays as CompanyRecord['holidays'],
    specializations: profile.specializations as CompanyRecord['specializations'],
    bankAccount: profile.bankAccounts as CompanyRecord['bankAccount'],
    insuranceCompany: profile.insuranceCompanies as CompanyRecord['insuranceCompany'],
    cashBoxes: await cashBoxesWithLedger(deps.db, company.id, null, profile.cashBoxes as CompanyRecord['cashBoxes']),
    onlinePaymentMethods: profile.onlinePaymentMethods as CompanyRecord['onlinePaymentMethods'],
    commercialRecord: (profile.commercialRecord ?? null) as CompanyRecord['commercialRecord'],
    locationGoogle: (profile.location ?? null) as CompanyRecord['locationGoogle'],
    Key_member: profile.keyMember,
    Founder: profile.founder,
    Executives: profile.executives,
    lateCancellationHours: company.lateCancellationHours,
    hijriMode: effectiveHijriMode(null, company.hijriMode),
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
    version: profile.version,
  };
}

export function profileColumns(input: CompanyValues) {
  return {
    address: input.address,
    yearOfEstablishment: input.yearOfEstablishment,
    goals: input.goals,
    overview: input.overview,
    vision: input.vision,
    contactInfos: input.contactInfos,
    holidays: input.holidays,
    specializations: input.specializations,
    bankAccounts: input.bankAccount,
    insuranceCompanies: input.insuranceCompany,
    cashBoxes: input.cashBoxes,
    onlinePaymentMethods: input.onlinePaymentMethods,
    commercialRecord: input.commercialRecord,
    location: input.locationGoogle,
    keyMember: input.Key_member,
    founder: input.Founder,
    executives: input.Executives,
  };
}

function load(deps: Deps, companyId: string) {
  return findCompany(deps.db, companyId);
}

/** The company read "returns a list; the first item is used": the caller's company, once its profile exists. */
export async function listCompanies(deps: Deps, caller: Caller): Promise<CompanyRecord[]> {
  const row = await load(deps, caller.companyId);
  return row?.profile ? [await toRecord(deps, row.company, row.profile)] : [];
}

/** The company level belongs to the Company plan only. */
function assertCompanyPlan(ctx: RequestContext, caller: Caller) {
  const plan = asPlan(caller.plan);
  if (!plan) throw new AppError(403, 'PLAN_NOT_CHOSEN', 'errors.org.planNotChosen');
  if (!planIncludes(plan, 'company')) throw new AppError(403, 'PLAN_FORBIDS_LEVEL', 'errors.planForbidsLevel', { level: t(ctx, 'errors.org.levels.company') });
}

export async function createCompany(deps: Deps, ctx: RequestContext, caller: Caller, input: CompanyValues): Promise<CompanyRecord> {
  return insertProfile(deps, ctx, caller, input.name, profileColumns(input), input, input.hijriMode);
}

/**
 * The registration wizard's company: the name only. The profile starts with no details (no contacts, tables, record
 * or location); Company info completes it later with the full form.
 */
export async function createRegisteredCompany(deps: Deps, ctx: RequestContext, caller: Caller, input: RegistrationCompanyValues): Promise<CompanyRecord> {
  return insertProfile(deps, ctx, caller, input.name, {}, input);
}

async function insertProfile(
  deps: Deps, ctx: RequestContext, caller: Caller, name: string, columns: Partial<ReturnType<typeof profileColumns>>, input: object,
  hijriMode?: HijriMode,
): Promise<CompanyRecord> {
  assertCompanyPlan(ctx, caller);
  const record = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const inserted = await insertProfileRow(tx, caller.companyId, columns);
    if (!inserted) throw new AppError(409, 'COMPANY_EXISTS', 'errors.org.companyProfileExists');
    await updateCompanyRow(tx, caller.companyId, { name, ...(hijriMode ? { hijriMode } : {}) });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'company', entityId: caller.companyId, changes: { after: input } });
    return inserted;
  });
  const row = await load(deps, caller.companyId);
  return toRecord(deps, row!.company, record);
}

/**
 * Replaces the company's form fields. The form sends the version it was loaded with; the profile row (which carries the
 * version) is updated first and only at that version, so a stale form changes nothing (409 STALE_RECORD).
 */
export async function updateCompany(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, { version, lateCancellationHours, hijriMode, ...input }: CompanyUpdateValues,
): Promise<CompanyRecord> {
  if (id !== caller.companyId) throw notFound();
  const current = await load(deps, caller.companyId);
  const missing = () => new AppError(404, 'NOT_FOUND', 'errors.org.companyProfileMissing');
  if (!current?.profile) throw missing();
  assertVersion(current.profile, version);
  const columns = { ...profileColumns(input), ...(input.logo === null ? { logoFileId: null } : {}) };
  const { company } = current;
  const before = { name: company.name, lateCancellationHours: company.lateCancellationHours, hijriMode: company.hijriMode, ...current.profile } as Record<string, unknown>;
  const after = {
    name: input.name, lateCancellationHours: lateCancellationHours ?? company.lateCancellationHours, hijriMode: hijriMode ?? company.hijriMode, ...columns,
  } as Record<string, unknown>;
  const updated = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const profile = await updateProfileAtVersion(tx, caller.companyId, version, columns);
    if (!profile) return staleOrMissing(() => profileExists(tx, caller.companyId), missing);
    await updateCompanyRow(tx, caller.companyId, {
      name: input.name,
      ...(lateCancellationHours !== undefined ? { lateCancellationHours } : {}),
      ...(hijriMode !== undefined ? { hijriMode } : {}),
    });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'company', entityId: caller.companyId, changes: changedFields(before, after) });
    return profile;
  });
  const row = await load(deps, caller.companyId);
  return toRecord(deps, row!.company, updated);
}

const profileMissing = () => new AppError(404, 'NOT_FOUND', 'errors.org.companyProfileMissing');

/**
 * Refuses (404) a logo for another company, or before the company has a profile. The route asks before it reads the
 * upload, so nothing is stored for a logo that could not be taken.
 */
export async function assertLogoTarget(deps: Deps, caller: Caller, id: string): Promise<void> {
  if (id !== caller.companyId) throw notFound();
  if (!(await load(deps, caller.companyId))?.profile) throw profileMissing();
}

/** Takes a new logo (JPEG or PNG, checked by content, 5 MB at most, stored by the route); a refused upload is dropped. */
export async function uploadLogo(deps: Deps, ctx: RequestContext, caller: Caller, id: string, upload: LogoUpload): Promise<CompanyRecord> {
  const current = id === caller.companyId ? await load(deps, caller.companyId) : null;
  if (!current?.profile || !upload.logo) {
    await upload.discard();
    if (id !== caller.companyId) throw notFound();
    if (!current?.profile) throw profileMissing();
    throw validationFailed({ logo: 'validation.required' });
  }
  const stored = upload.logo;
  // The new logo and its audit row commit together.
  const updated = await inTransaction(deps.db, async (tx) => {
    const row = await setProfileLogo(tx, caller.companyId, stored.id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'company', entityId: caller.companyId,
      changes: { before: { logoFileId: current.profile!.logoFileId }, after: { logoFileId: stored.id } },
    });
    return row;
  });
  // The replaced logo belongs to nothing now.
  await removeUnreferencedFiles(deps, caller.companyId, [current.profile.logoFileId]);
  return toRecord(deps, current.company, updated!);
}

/**
 * Closes the organisation: from then on nobody of it may sign in and every credential of its people is refused at use
 * (the liveness check reads `closed_at`); sessions and calendar feeds are also revoked for good and open live streams
 * close, so reopening revives none of them. 409 when it is already closed, 404 for no such company. Audited.
 */
export async function closeCompany(deps: Deps, ctx: RequestContext, companyId: string, actorId: string | null = null): Promise<void> {
  await switchClosed(deps, ctx, companyId, actorId, new Date());
  await endCredentials(deps, ctx, { companyId, actorId, reason: 'company_closed' });
}

/** Reopens a closed organisation: its people sign in again; nothing closing revoked comes back. Audited. */
export async function reopenCompany(deps: Deps, ctx: RequestContext, companyId: string, actorId: string | null = null): Promise<void> {
  await switchClosed(deps, ctx, companyId, actorId, null);
  await announceCredentialChange(deps, ctx, companyId);
}

/** Closes (`at`) or reopens (null) the company with its audit entry in one transaction; only from the other state. */
async function switchClosed(deps: Deps, ctx: RequestContext, companyId: string, actorId: string | null, at: Date | null): Promise<void> {
  const changed = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await setCompanyClosedAt(tx, companyId, at))) return false;
    await recordAudit(tx, ctx, { companyId, actorId, action: at ? 'closed' : 'reopened', entity: 'company', entityId: companyId });
    return true;
  });
  if (changed) return;
  if (!(await findCompany(deps.db, companyId))) throw notFound();
  throw new AppError(409, 'CONFLICT', 'errors.conflict');
}
