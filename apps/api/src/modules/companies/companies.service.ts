import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CompanyRecord, CompanyUpdateValues, CompanyValues, RegistrationCompanyValues } from '@clinic/shared';
import { effectiveHijriMode, type HijriMode } from '@clinic/shared';
import { companies, companyProfiles } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { fileRef, removeUnreferencedFiles } from '../../lib/files.js';
import { readForm } from '../../lib/multipart.js';
import { t } from '../../lib/i18n.js';
import { asPlan, planIncludes } from '../organisation/organisation.domain.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';
import { cashBoxesWithLedger } from '../billing/cash-boxes.repository.js';

type CompanyRow = typeof companies.$inferSelect;
type ProfileRow = typeof companyProfiles.$inferSelect;

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

async function load(deps: Deps, companyId: string) {
  const [row] = await deps.db
    .select({ company: companies, profile: companyProfiles })
    .from(companies)
    .leftJoin(companyProfiles, eq(companyProfiles.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

/** The company read "returns a list; the first item is used": the caller's company, once its profile exists. */
export async function listCompanies(deps: Deps, caller: Caller): Promise<CompanyRecord[]> {
  const row = await load(deps, caller.companyId);
  return row?.profile ? [await toRecord(deps, row.company, row.profile)] : [];
}

/** The company level belongs to the Company plan only. */
function assertCompanyPlan(req: FastifyRequest, caller: Caller) {
  const plan = asPlan(caller.plan);
  if (!plan) throw new AppError(403, 'PLAN_NOT_CHOSEN', 'errors.org.planNotChosen');
  if (!planIncludes(plan, 'company')) throw new AppError(403, 'PLAN_FORBIDS_LEVEL', 'errors.planForbidsLevel', { level: t(req, 'errors.org.levels.company') });
}

export async function createCompany(deps: Deps, req: FastifyRequest, caller: Caller, input: CompanyValues): Promise<CompanyRecord> {
  return insertProfile(deps, req, caller, input.name, profileColumns(input), input, input.hijriMode);
}

/**
 * The registration wizard's company: the name only. The profile starts with no details (no contacts, tables, record
 * or location); Company info completes it later with the full form.
 */
export async function createRegisteredCompany(deps: Deps, req: FastifyRequest, caller: Caller, input: RegistrationCompanyValues): Promise<CompanyRecord> {
  return insertProfile(deps, req, caller, input.name, {}, input);
}

async function insertProfile(
  deps: Deps, req: FastifyRequest, caller: Caller, name: string, columns: Partial<ReturnType<typeof profileColumns>>, input: object,
  hijriMode?: HijriMode,
): Promise<CompanyRecord> {
  assertCompanyPlan(req, caller);
  const record = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(companyProfiles)
      .values({ companyId: caller.companyId, ...columns })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw new AppError(409, 'COMPANY_EXISTS', 'errors.org.companyProfileExists');
    await tx.update(companies).set({ name, ...(hijriMode ? { hijriMode } : {}), updatedAt: new Date() }).where(eq(companies.id, caller.companyId));
    return inserted[0]!;
  });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'company', entityId: caller.companyId, changes: { after: input } });
  const row = await load(deps, caller.companyId);
  return toRecord(deps, row!.company, record);
}

/**
 * Replaces the company's form fields. The form sends the version it was loaded with; the profile row (which carries the
 * version) is updated first and only at that version, so a stale form changes nothing (409 STALE_RECORD).
 */
export async function updateCompany(
  deps: Deps, req: FastifyRequest, caller: Caller, id: string, { version, lateCancellationHours, hijriMode, ...input }: CompanyUpdateValues,
): Promise<CompanyRecord> {
  if (id !== caller.companyId) throw notFound();
  const current = await load(deps, caller.companyId);
  const missing = () => new AppError(404, 'NOT_FOUND', 'errors.org.companyProfileMissing');
  if (!current?.profile) throw missing();
  assertVersion(current.profile, version);
  const columns = { ...profileColumns(input), ...(input.logo === null ? { logoFileId: null } : {}) };
  const updated = await deps.db.transaction(async (tx) => {
    const [profile] = await tx
      .update(companyProfiles)
      .set({ ...columns, updatedAt: new Date(), version: nextVersion(companyProfiles.version) })
      .where(and(eq(companyProfiles.companyId, caller.companyId), eq(companyProfiles.version, version)))
      .returning();
    if (!profile) {
      return staleOrMissing(async () => (await tx.select({ v: companyProfiles.version }).from(companyProfiles).where(eq(companyProfiles.companyId, caller.companyId))).length > 0, missing);
    }
    await tx.update(companies)
      .set({
        name: input.name,
        ...(lateCancellationHours !== undefined ? { lateCancellationHours } : {}),
        ...(hijriMode !== undefined ? { hijriMode } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, caller.companyId));
    return profile;
  });
  const { company } = current;
  const before = { name: company.name, lateCancellationHours: company.lateCancellationHours, hijriMode: company.hijriMode, ...current.profile } as Record<string, unknown>;
  const after = {
    name: input.name, lateCancellationHours: lateCancellationHours ?? company.lateCancellationHours, hijriMode: hijriMode ?? company.hijriMode, ...columns,
  } as Record<string, unknown>;
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'company', entityId: caller.companyId, changes: changedFields(before, after) });
  const row = await load(deps, caller.companyId);
  return toRecord(deps, row!.company, updated);
}

/** Stores a new logo (JPEG or PNG, checked by content, 5 MB at most). */
export async function uploadLogo(deps: Deps, req: FastifyRequest, caller: Caller, id: string): Promise<CompanyRecord> {
  if (id !== caller.companyId) throw notFound();
  const current = await load(deps, caller.companyId);
  if (!current?.profile) throw new AppError(404, 'NOT_FOUND', 'errors.org.companyProfileMissing');
  const form = await readForm(req, deps, caller, { files: { logo: 'logo' } });
  const stored = form.files.logo;
  if (!stored) {
    await form.discard();
    throw validationFailed({ logo: 'validation.required' });
  }
  const [updated] = await deps.db
    .update(companyProfiles)
    .set({ logoFileId: stored.id, updatedAt: new Date() })
    .where(eq(companyProfiles.companyId, caller.companyId))
    .returning();
  await recordAudit(deps.db, req, {
    companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'company', entityId: caller.companyId,
    changes: { before: { logoFileId: current.profile.logoFileId }, after: { logoFileId: stored.id } },
  });
  // The replaced logo belongs to nothing now.
  await removeUnreferencedFiles(deps, caller.companyId, [current.profile.logoFileId]);
  return toRecord(deps, current.company, updated!);
}
