import {
  type BillingSettingsRecord, type BillingSettingsValues, currencyMinorDigits, type InvoiceCreate, type InvoiceFromAppointment,
  type InvoiceLineRecord, type InvoiceLineValues, type InvoiceListQuery, type InvoiceRecord, type InvoiceUpdate, localTime,
  safeTimeZone,
} from '@clinic/shared';
import type { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  computeLine, invoiceDisplayNumber, invoiceTotals, issuedStatus, lineCovered, lineProblem, matchInsurer, percentToBasisPoints, priceToMinor,
  type InsuranceCard, type InsurerContract,
} from '../../domain/billing/billing.domain.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { emit } from '../events/index.js';
import { AppError, type FieldMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing, staleRecord } from '../../lib/versioning.js';
import { findAppointment } from '../appointments/index.js';
import { eInvoiceRefs, recordEInvoice } from '../e-invoices/index.js';
import {
  claimOfInvoice, clinicPublicIdOf, companyInsurers, companyTaxNumber, creditNotesOf, deleteDraftAt, doctorExists, doctorFee, draftClinic,
  DEFAULT_BILLING_CURRENCY, draftPatient, findInvoice, findInvoices, findNamedInvoice, findSettings, insertClaim, insertFirstSettings, insertInvoice, invoiceOfAppointment,
  linesOf, nextNumber, paymentsOf, pricedServices, setInvoiceFigures, toInvoiceSummary, updateDraftAt, updateSettings,
} from './billing.repository.js';

/*
 * The company's billing settings and its invoices up to their issue: drafts priced from services, changed while
 * drafts, deleted, and issued with their number. The money of an issued invoice: invoice-payments.service.ts; the
 * insurers' claims: claims.service.ts.
 */

export const err = (status: number, code: ErrorCode, key: string, params?: Record<string, string | number>) => new AppError(status, code, `errors.billing.${key}`, params);
export const invoiceNotFound = () => err(404, 'INVOICE_NOT_FOUND', 'invoiceNotFound');
const notDraft = () => err(409, 'INVOICE_NOT_DRAFT', 'notDraft');
export const notIssued = () => err(409, 'INVOICE_NOT_ISSUED', 'notIssued');
export const fieldError = (field: string, key: string, params?: Record<string, string | number>) =>
  new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [field]: params ? { key, params } : key } as Record<string, FieldMessage>);

export type Tx = Db;
export const inTx = <T>(deps: Deps, work: (tx: Tx) => Promise<T>) => deps.db.transaction(async (txRaw) => work(txRaw as unknown as Db));

/* ------------------------------------------------------------------------------------------------------------------ */
/* Settings                                                                                                           */

export async function getBillingSettings(db: Db, companyId: string): Promise<BillingSettingsRecord> {
  const row = await findSettings(db, companyId);
  const currency = row?.currency ?? DEFAULT_BILLING_CURRENCY;
  const bp = row?.vatRateBasisPoints ?? 0;
  return {
    currency, minorDigits: currencyMinorDigits(currency), vatRateBasisPoints: bp, vatRatePercent: bp / 100,
    taxNumber: await companyTaxNumber(db, companyId), version: row?.version ?? 1,
  };
}

/** Saves the company's currency and VAT rate (version 1 before the first save). */
export async function saveBillingSettings(deps: Deps, ctx: RequestContext, caller: Caller, input: BillingSettingsValues): Promise<BillingSettingsRecord> {
  const bp = percentToBasisPoints(input.vatRatePercent);
  await inTx(deps, async (tx) => {
    const locked = await findSettings(tx, caller.companyId, true);
    const version = locked?.version ?? null;
    const before = { currency: locked?.currency ?? DEFAULT_BILLING_CURRENCY, vatRateBasisPoints: locked?.vatRateBasisPoints ?? 0 };
    if (version === null) {
      if (input.version !== 1) throw staleRecord();
      if (!(await insertFirstSettings(tx, caller.companyId, { currency: input.currency, vatRateBasisPoints: bp }))) throw staleRecord();
    } else {
      if (version !== input.version) throw staleRecord();
      await updateSettings(tx, caller.companyId, { currency: input.currency, vatRateBasisPoints: bp });
    }
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'billing_settings', entityId: caller.companyId,
      changes: { before: { currency: before.currency, vatRateBasisPoints: before.vatRateBasisPoints }, after: { currency: input.currency, vatRateBasisPoints: bp } },
    });
  });
  return getBillingSettings(deps.db, caller.companyId);
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Drafts                                                                                                             */

const rowsOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The insurer contracts of a clinic: its own `insuranceCompany` rows, or the company profile's when it lists none. */
async function contractsFor(db: Db, companyId: string, clinicDetails: unknown): Promise<InsurerContract[]> {
  const own = rowsOf<InsurerContract>((clinicDetails as { insuranceCompany?: unknown } | null)?.insuranceCompany);
  if (own.length) return own;
  return rowsOf<InsurerContract>(await companyInsurers(db, companyId));
}

interface DraftParts {
  clinicId: string;
  patientId: string;
  doctorId: string | null;
  visitDate: string | undefined;
  lines: InvoiceLineValues[];
  applyInsurance: boolean;
}

/** The computed columns of a draft: parties checked, service lines priced, VAT, insurance split and totals. */
async function buildDraft(db: Db, companyId: string, p: DraftParts) {
  const [clinic, patient, doctorFound, settings] = await Promise.all([
    draftClinic(db, companyId, p.clinicId),
    draftPatient(db, companyId, p.patientId),
    p.doctorId ? doctorExists(db, companyId, p.doctorId) : Promise.resolve(true),
    getBillingSettings(db, companyId),
  ]);
  if (!clinic) throw err(404, 'CLINIC_NOT_FOUND', 'clinicNotFound');
  if (!patient) throw err(404, 'PATIENT_NOT_FOUND', 'patientNotFound');
  if (!doctorFound) throw err(404, 'DOCTOR_NOT_FOUND', 'doctorNotFound');
  const visitDate = p.visitDate ?? localTime(new Date(), safeTimeZone(clinic.timeZone)).date;

  const serviceIds = [...new Set(p.lines.flatMap((l) => (l.kind === 'service' && l.service ? [l.service] : [])))];
  const serviceRows = serviceIds.length ? await pricedServices(db, companyId, serviceIds) : [];
  const byId = new Map(serviceRows.map((s) => [s.id, s]));

  const clinicTax = (clinic.details as { commercialRecord?: { taxNumber?: unknown } } | null)?.commercialRecord?.taxNumber;
  const taxNumber = typeof clinicTax === 'string' && clinicTax.trim() ? clinicTax.trim() : settings.taxNumber;
  const digits = settings.minorDigits;

  const cards = rowsOf<InsuranceCard>((patient.details as { insurances?: unknown } | null)?.insurances);
  const insurer = p.applyInsurance && cards.length ? matchInsurer(cards, await contractsFor(db, companyId, clinic.details), visitDate) : null;

  const lines: InvoiceLineRecord[] = p.lines.map((l, i) => {
    const service = l.kind === 'service' && l.service ? byId.get(l.service) : undefined;
    if (l.kind === 'service') {
      if (!service) throw fieldError(`lines.${i}.service`, 'errors.billing.serviceNotFound');
      if (service.clinicId !== clinic.id) throw fieldError(`lines.${i}.service`, 'validation.billing.serviceNotInClinic');
    }
    const input = {
      kind: l.kind, service: service?.id ?? null, description: l.description || service?.name || '', quantity: l.quantity,
      unitPrice: l.unitPrice ?? (service ? priceToMinor(service.price, digits) : 0), discount: l.discount,
    };
    const problem = lineProblem(input);
    if (problem === 'discountTooLarge') throw fieldError(`lines.${i}.discount`, 'validation.billing.discountTooLarge');
    if (problem) throw fieldError(`lines.${i}.unitPrice`, 'validation.billing.amountTooLarge');
    return computeLine(input, settings.vatRateBasisPoints, lineCovered(input, service?.name ?? null, insurer) ? insurer!.coverageBasisPoints : null);
  });
  const totals = invoiceTotals(lines);
  return {
    clinicId: clinic.id, patientId: patient.id, doctorId: p.doctorId, visitDate, currency: settings.currency, minorDigits: digits,
    vatRateBasisPoints: settings.vatRateBasisPoints, taxNumber, lines, ...totals,
    insurer: insurer && totals.insurerShare > 0 ? { name: insurer.name, coverageBasisPoints: insurer.coverageBasisPoints, cardExpiryDate: insurer.cardExpiryDate } : null,
    applyInsurance: p.applyInsurance,
  };
}

/** The full invoice: head, lines, credit notes, payments and claim. */
export async function getInvoice(deps: Deps, caller: Caller, id: string, db: Db = deps.db): Promise<InvoiceRecord> {
  const named = await findNamedInvoice(db, caller.companyId, id);
  if (!named) throw invoiceNotFound();
  const [notes, paid, claim] = await Promise.all([
    creditNotesOf(db, caller.companyId, id), paymentsOf(db, caller.companyId, id), claimOfInvoice(db, caller.companyId, id),
  ]);
  const eInvoices = await eInvoiceRefs(db, caller.companyId, [id, ...notes.map((n) => n._id)]);
  return {
    ...toInvoiceSummary(named), lines: linesOf(named.i), creditNotes: notes.map((n) => ({ ...n, eInvoice: eInvoices.get(n._id) ?? null })), payments: paid, claim,
    eInvoice: eInvoices.get(id) ?? null,
  };
}

export async function listInvoices(deps: Deps, caller: Caller, q: InvoiceListQuery) {
  return findInvoices(deps.db, caller.companyId, q);
}

const auditFigures = (i: { total: number; patientShare: number; insurerShare: number; lines: unknown[] }) => ({
  total: i.total, patientShare: i.patientShare, insurerShare: i.insurerShare, lines: i.lines.length,
});

export async function createInvoice(deps: Deps, ctx: RequestContext, caller: Caller, input: InvoiceCreate, appointmentId: string | null = null): Promise<InvoiceRecord> {
  const draft = await buildDraft(deps.db, caller.companyId, {
    clinicId: input.clinic, patientId: input.patient, doctorId: input.doctor ?? null, visitDate: input.visitDate, lines: input.lines, applyInsurance: input.applyInsurance,
  });
  const id = await inTx(deps, async (tx) => {
    const invoiceId = await insertInvoice(tx, { companyId: caller.companyId, ...draft, appointmentId, note: input.note, createdBy: caller.id });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'invoice', entityId: invoiceId,
      changes: { after: { patient: draft.patientId, clinic: draft.clinicId, appointment: appointmentId, ...auditFigures(draft) } },
    });
    return invoiceId;
  });
  return getInvoice(deps, caller, id);
}

/** A draft for an appointment: its service at its price, and the doctor's consultation fee when set. */
export async function createFromAppointment(deps: Deps, ctx: RequestContext, caller: Caller, appointmentId: string, input: InvoiceFromAppointment) {
  const found = await findAppointment(deps.db, caller.companyId, appointmentId);
  if (!found) throw err(404, 'APPOINTMENT_NOT_FOUND', 'appointmentNotFound');
  const { row, record } = found;
  if (row.status === 'cancelled' || row.status === 'no_show') throw err(409, 'APPOINTMENT_NOT_BILLABLE', 'appointmentNotBillable');
  const existing = await invoiceOfAppointment(deps.db, caller.companyId, appointmentId);
  if (existing) throw err(409, 'ALREADY_INVOICED', 'alreadyInvoiced', { number: existing.number ?? t(ctx, 'billing.status.draft') });
  const doctor = await doctorFee(deps.db, caller.companyId, row.doctorId);
  const settings = await getBillingSettings(deps.db, caller.companyId);
  const lines: InvoiceLineValues[] = [{ kind: 'service', service: row.serviceId, quantity: 1, discount: 0 }];
  if (doctor?.fee && doctor.fee > 0) {
    lines.push({
      kind: 'item', description: t(ctx, 'billing.consultationFee', { doctor: doctor.name }), quantity: 1,
      unitPrice: priceToMinor(doctor.fee, settings.minorDigits), discount: 0,
    });
  }
  const visitDate = localTime(row.startsAt, safeTimeZone(record.clinicTimeZone)).date;
  try {
    return await createInvoice(deps, ctx, caller, {
      patient: row.patientId, clinic: row.clinicId, doctor: row.doctorId, visitDate, lines, note: input.note, applyInsurance: input.applyInsurance,
    }, appointmentId);
  } catch (error) {
    // Two desks invoicing the same visit at once: the unique index lets one through.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      throw err(409, 'ALREADY_INVOICED', 'alreadyInvoiced', { number: t(ctx, 'billing.status.draft') });
    }
    throw error;
  }
}

/** A draft's lines, visit date, doctor and note, while it is a draft at the version the form loaded. */
export async function updateInvoice(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: InvoiceUpdate): Promise<InvoiceRecord> {
  const current = await findInvoice(deps.db, caller.companyId, id);
  if (!current) throw invoiceNotFound();
  if (current.status !== 'draft') throw notDraft();
  assertVersion(current, input.version);
  const draft = await buildDraft(deps.db, caller.companyId, {
    clinicId: current.clinicId, patientId: current.patientId, doctorId: input.doctor === undefined ? current.doctorId : input.doctor,
    visitDate: input.visitDate ?? current.visitDate, lines: input.lines, applyInsurance: input.applyInsurance,
  });
  await inTx(deps, async (tx) => {
    if (!(await updateDraftAt(tx, caller.companyId, id, input.version, { ...draft, note: input.note }))) await refusedChange(tx, caller.companyId, id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'invoice', entityId: id,
      changes: { before: auditFigures({ ...current, lines: linesOf(current) }), after: auditFigures(draft) },
    });
  });
  return getInvoice(deps, caller, id);
}

/** Why a conditional change of a draft matched nothing: issued meanwhile (409), changed (409 stale) or gone (404). */
async function refusedChange(db: Db, companyId: string, id: string): Promise<never> {
  const now = await findInvoice(db, companyId, id);
  if (now && now.status !== 'draft') throw notDraft();
  return staleOrMissing(async () => Boolean(now), invoiceNotFound);
}

export async function deleteDraft(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<void> {
  const current = await findInvoice(deps.db, caller.companyId, id);
  if (!current) throw invoiceNotFound();
  if (current.status !== 'draft') throw notDraft();
  assertVersion(current, version);
  await inTx(deps, async (tx) => {
    if (!(await deleteDraftAt(tx, caller.companyId, id, version))) await refusedChange(tx, caller.companyId, id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'invoice', entityId: id, changes: { before: auditFigures({ ...current, lines: linesOf(current) }) },
    });
  });
}

export async function clinicPublicId(db: Db, companyId: string, clinicId: string): Promise<string> {
  return (await clinicPublicIdOf(db, companyId, clinicId)) ?? 'CLN';
}

/**
 * Issues a draft: takes the clinic's next number in the same transaction (gapless: a failure gives it back), freezes
 * the document, and opens the insurer's claim when it has a share.
 */
export async function issueInvoice(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<InvoiceRecord> {
  await inTx(deps, async (tx) => {
    const current = await findInvoice(tx, caller.companyId, id, true);
    if (!current) throw invoiceNotFound();
    if (current.status !== 'draft') throw notDraft();
    assertVersion(current, version);
    const n = await nextNumber(tx, caller.companyId, current.clinicId, 'invoice');
    const displayNumber = invoiceDisplayNumber(await clinicPublicId(tx, caller.companyId, current.clinicId), n);
    const now = new Date();
    await setInvoiceFigures(tx, caller.companyId, id, {
      status: issuedStatus({ patientShare: current.patientShare, creditedTotal: 0, paidTotal: 0 }), number: n, displayNumber, issuedAt: now, issuedBy: caller.id,
      updatedAt: now,
    });
    await recordEInvoice(tx, deps.config?.jwtSecret, caller.companyId, 'invoice', id, current.clinicId, now);
    const insurer = current.insurer as { name: string } | null;
    if (insurer && current.insurerShare > 0) {
      await insertClaim(tx, {
        companyId: caller.companyId, invoiceId: id, clinicId: current.clinicId, patientId: current.patientId, insurer: insurer.name,
        amount: current.insurerShare, currency: current.currency,
      });
    }
    await emit(tx, { type: 'invoice.issued', companyId: caller.companyId, actorId: caller.id, invoiceId: id, at: now.toISOString() });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'issue', entity: 'invoice', entityId: id,
      changes: { after: { number: displayNumber, ...auditFigures({ ...current, lines: linesOf(current) }) } },
    });
  });
  return getInvoice(deps, caller, id);
}
