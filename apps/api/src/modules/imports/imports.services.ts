/**
 * Services from a spreadsheet: each row's clinic and doctors found by name or public id among the company's own, the
 * row checked with the services API's schema (`serviceCreateInput`), and written with the services module's insert,
 * tagged with the batch. Undo is refused while an appointment or anything else refers to one of the batch's services.
 */
import { serviceCreateInput, type ServiceCreate } from '@clinic/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, serviceDoctors, services } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { insertService, insertServiceDoctors } from '../services/index.js';
import { cleanText, headerKey, type RowProblem } from './imports.clean.js';

/** Stands for a clinic or doctor not found, so the schema checks the row's other fields. */
const NOT_FOUND_ID = '00000000-0000-4000-8000-000000000000';

export interface Named { id: string; name: string; publicId: string }

/** The company's clinics and active doctors, each findable by its public id or its name (as headers are compared). */
export interface ServiceDirectory { clinics: Named[]; doctors: Named[] }

export async function serviceDirectory(db: Db, companyId: string): Promise<ServiceDirectory> {
  const c = await db.select({ id: clinics.id, name: clinics.name, publicId: clinics.publicId }).from(clinics).where(eq(clinics.companyId, companyId));
  const d = await db.select({ id: employees.id, name: employees.name, publicId: employees.publicId }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)));
  return { clinics: c, doctors: d.map((x) => ({ ...x, publicId: x.publicId ?? '' })) };
}

/** The one record a text names (its public id, or else its name); null when none or several do. */
export function findOne(list: Named[], text: string): Named | null {
  const key = headerKey(text);
  const byId = list.filter((x) => x.publicId && headerKey(x.publicId) === key);
  if (byId.length === 1) return byId[0]!;
  const byName = list.filter((x) => headerKey(x.name) === key);
  return byName.length === 1 ? byName[0]! : null;
}

/** The cleaned service of a row (as the services API takes it), or the problems that refuse it. */
export function cleanService(get: (field: string) => string, dir: ServiceDirectory): { value: ServiceCreate | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const clinicText = cleanText(get('clinic'));
  const clinic = clinicText ? findOne(dir.clinics, clinicText) : null;
  if (!clinicText) problems.push({ field: 'clinic', key: 'validation.imports.required' });
  else if (!clinic) problems.push({ field: 'clinic', key: 'validation.imports.clinicUnknown', params: { name: clinicText } });
  const doctorTexts = cleanText(get('doctors')).split(/[,،;|]/).map((s) => s.trim()).filter(Boolean);
  const doctorIds: string[] = [];
  for (const text of doctorTexts) {
    const doctor = findOne(dir.doctors, text);
    if (doctor) doctorIds.push(doctor.id);
    else problems.push({ field: 'doctors', key: 'validation.imports.doctorUnknown', params: { name: text } });
  }
  // The services API's own rules (name, description, price, duration, at least one doctor); a row without a
  // description is described by its name. A clinic or doctor not found is reported above, not again by the schema.
  const name = cleanText(get('name'));
  const checked = serviceCreateInput.safeParse({
    name, description: cleanText(get('description')) || name, price: cleanText(get('price')), durationMinutes: cleanText(get('duration')),
    clinic: clinic?.id ?? NOT_FOUND_ID, doctors: doctorTexts.length ? (doctorIds.length ? doctorIds : [NOT_FOUND_ID]) : [],
  });
  if (!checked.success) {
    for (const i of checked.error.issues) {
      const field = String(i.path[0] ?? 'name');
      const mapped = field === 'durationMinutes' ? 'duration' : field;
      if (!problems.some((p) => p.field === mapped)) problems.push({ field: mapped, key: i.message });
    }
  }
  if (problems.length || !checked.success) return { value: null, problems };
  return { value: { ...checked.data, doctors: [...new Set(doctorIds)] }, problems };
}

/** Writes a chunk of services, each through the services module's insert (its public id, its doctors), tagged with the batch. */
export async function insertServices(db: Db, companyId: string, batchId: string, rows: ServiceCreate[]) {
  for (const s of rows) {
    const publicId = await nextPublicId(db, companyId, 'service', 'SRV');
    const id = await insertService(db, companyId, publicId, {
      clinicId: s.clinic, name: s.name, description: s.description, price: String(s.price), durationMinutes: s.durationMinutes ?? null,
      bufferBeforeMinutes: s.bufferBeforeMinutes, bufferAfterMinutes: s.bufferAfterMinutes, isActive: s.isActive, importBatchId: batchId,
    });
    await insertServiceDoctors(db, companyId, id, s.doctors);
  }
}

const batchServices = (companyId: string, batchId: string) =>
  sql`(select ${services.id} from ${services} where ${services.companyId} = ${companyId} and ${services.importBatchId} = ${batchId})`;

/** What refers to the batch's services from outside the batch: appointments (anything else holding a
 * service, by its foreign key, refuses the delete the same way). */
export async function serviceReferences(db: Db, companyId: string, batchId: string) {
  const mine = batchServices(companyId, batchId);
  const [a] = await db.select({ n: count() }).from(appointments).where(and(
    eq(appointments.companyId, companyId), sql`${appointments.serviceId} in ${mine}`, sql`${appointments.importBatchId} is distinct from ${batchId}`,
  ));
  return { appointments: Number(a?.n ?? 0), invoices: 0, encounters: 0 };
}

export async function deleteBatchServices(db: Db, companyId: string, batchId: string): Promise<number> {
  const ids = (await db.select({ id: services.id }).from(services).where(and(eq(services.companyId, companyId), eq(services.importBatchId, batchId)))).map((r) => r.id);
  if (!ids.length) return 0;
  await db.delete(serviceDoctors).where(and(eq(serviceDoctors.companyId, companyId), inArray(serviceDoctors.serviceId, ids)));
  const gone = await db.delete(services).where(and(eq(services.companyId, companyId), eq(services.importBatchId, batchId))).returning({ id: services.id });
  return gone.length;
}
