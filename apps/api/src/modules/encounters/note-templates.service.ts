/** Note templates: the company's forms for notes (administrators write them; clinicians read them). */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { pageWindow, type NoteTemplateCreate, type NoteTemplateListQuery, type NoteTemplateRecord, type NoteTemplateUpdate } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { noteTemplates, services, specializations } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { assertVersion, staleRecord } from '../../lib/versioning.js';

type TemplateRow = typeof noteTemplates.$inferSelect;
const notFound = () => new AppError(404, 'NOT_FOUND', 'errors.clinical.templateNotFound');

async function namesOf(db: Db, companyId: string, rows: TemplateRow[]) {
  const serviceIds = [...new Set(rows.map((r) => r.serviceId).filter((x): x is string => Boolean(x)))];
  const specIds = [...new Set(rows.map((r) => r.specializationId).filter((x): x is string => Boolean(x)))];
  const [svc, spec] = await Promise.all([
    serviceIds.length ? db.select({ id: services.id, name: services.name }).from(services).where(and(eq(services.companyId, companyId), inArray(services.id, serviceIds))) : [],
    specIds.length ? db.select({ id: specializations.id, name: specializations.name }).from(specializations).where(and(eq(specializations.companyId, companyId), inArray(specializations.id, specIds))) : [],
  ]);
  return { services: new Map(svc.map((s) => [s.id, s.name])), specs: new Map(spec.map((s) => [s.id, s.name])) };
}

async function toRecords(db: Db, companyId: string, rows: TemplateRow[]): Promise<NoteTemplateRecord[]> {
  const names = await namesOf(db, companyId, rows);
  return rows.map((r) => ({
    _id: r.id,
    name: { en: r.nameEn, ar: r.nameAr },
    service: r.serviceId ? { _id: r.serviceId, name: names.services.get(r.serviceId) ?? '' } : null,
    specialization: r.specializationId ? { _id: r.specializationId, name: names.specs.get(r.specializationId) ?? '' } : null,
    sections: r.sections,
    isActive: r.isActive,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }));
}

async function findRow(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(noteTemplates).where(and(eq(noteTemplates.companyId, companyId), eq(noteTemplates.id, id))).limit(1);
  return row ?? null;
}

export async function listNoteTemplates(deps: Deps, caller: Caller, q: NoteTemplateListQuery) {
  const filter = and(eq(noteTemplates.companyId, caller.companyId), q.isActive === undefined ? undefined : eq(noteTemplates.isActive, q.isActive));
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    deps.db.select().from(noteTemplates).where(filter).orderBy(desc(noteTemplates.updatedAt), desc(noteTemplates.id)).limit(w.limit).offset(w.offset),
    deps.db.select({ n: count() }).from(noteTemplates).where(filter),
  ]);
  return { data: await toRecords(deps.db, caller.companyId, rows), total: totals[0]?.n ?? 0 };
}

export async function getNoteTemplate(deps: Deps, caller: Caller, id: string): Promise<NoteTemplateRecord> {
  const row = await findRow(deps.db, caller.companyId, id);
  if (!row) throw notFound();
  return (await toRecords(deps.db, caller.companyId, [row]))[0]!;
}

/** The service and speciality a template is for must be the company's. */
async function checkLinks(db: Db, companyId: string, input: { service?: string | null | undefined; specialization?: string | null | undefined }) {
  const fields: Record<string, string> = {};
  if (input.service) {
    const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.companyId, companyId), eq(services.id, input.service))).limit(1);
    if (!s) fields.service = 'validation.invalidValue';
  }
  if (input.specialization) {
    const [s] = await db.select({ id: specializations.id }).from(specializations).where(and(eq(specializations.companyId, companyId), eq(specializations.id, input.specialization))).limit(1);
    if (!s) fields.specialization = 'validation.invalidValue';
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
}

const columnsOf = (input: NoteTemplateCreate) => ({
  nameEn: input.name.en, nameAr: input.name.ar, serviceId: input.service ?? null, specializationId: input.specialization ?? null,
  sections: input.sections, isActive: input.isActive ?? true,
});

export async function createNoteTemplate(deps: Deps, ctx: RequestContext, caller: Caller, input: NoteTemplateCreate) {
  await checkLinks(deps.db, caller.companyId, input);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.insert(noteTemplates).values({ companyId: caller.companyId, ...columnsOf(input), updatedBy: caller.id }).returning();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'note_template', entityId: row!.id, changes: { after: columnsOf(input) } });
    return (await toRecords(tx, caller.companyId, [row!]))[0]!;
  });
}

/** Changes a template (only at the version read). Notes already written keep the copy they were written on. */
export async function updateNoteTemplate(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: NoteTemplateUpdate) {
  const before = await findRow(deps.db, caller.companyId, id);
  if (!before) throw notFound();
  assertVersion(before, input.version);
  await checkLinks(deps.db, caller.companyId, input);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.update(noteTemplates).set({ ...columnsOf(input), updatedBy: caller.id, updatedAt: new Date(), version: input.version + 1 })
      .where(and(eq(noteTemplates.companyId, caller.companyId), eq(noteTemplates.id, id), eq(noteTemplates.version, input.version))).returning();
    if (!row) throw staleRecord();
    const { sections: _s, ...b } = { nameEn: before.nameEn, nameAr: before.nameAr, serviceId: before.serviceId, specializationId: before.specializationId, isActive: before.isActive, sections: before.sections };
    const { sections: _a, ...a } = columnsOf(input);
    const changes = changedFields({ ...b, sections: JSON.stringify(before.sections) }, { ...a, sections: JSON.stringify(input.sections) });
    if (changes) await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'note_template', entityId: id, changes });
    return (await toRecords(tx, caller.companyId, [row]))[0]!;
  });
}
