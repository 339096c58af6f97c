/**
 * The doctor's share: rules (never backdated, withdrawn only before they take effect), a doctor's statement of a
 * period of close days, and payouts against it (at most its balance). docs/billing.md, "The doctor's share".
 */
import {
  formatMinor, hasPermission, safeTimeZone, todayIn,
  type DoctorShareApplied, type DoctorShareEntryRecord, type DoctorSharePayoutRecord, type DoctorSharePayoutValues, type DoctorShareRuleRecord,
  type DoctorShareRuleValues, type DoctorShareStatement, type DoctorShareStatementQuery, type ErrorCode,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, type FieldMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import {
  companyCurrency, deleteRule, findDoctors, findEmployee, findPayout, findRule, findRules, insertPayout, insertRule, lifetimeBalance, lockedEntries, openEntries,
  periodPayouts, serviceExists, type EntryRow, type NamedPayout, type NamedRule,
} from './doctor-shares.repository.js';

const fail = (status: number, code: ErrorCode, key: string, params?: Record<string, string | number>) => new AppError(status, code, key, params);
const fieldFail = (code: ErrorCode, field: string, key: string, params?: Record<string, string | number>) =>
  new AppError(422, code, key, params, { [field]: params ? { key, params } : key } as Record<string, FieldMessage>);
const ruleNotFound = () => fail(404, 'DOCTOR_SHARE_RULE_NOT_FOUND', 'errors.doctorShares.ruleNotFound');

/** Today in the company's time zone: a rule takes effect today or later. */
const today = (deps: Deps, caller: Caller) => todayIn(safeTimeZone(caller.timeZone), clockNow(deps));
const inTx = <T>(deps: Deps, work: (tx: Db) => Promise<T>) => deps.db.transaction(async (tx) => work(tx as unknown as Db));

const canSeeAll = (caller: Caller) => hasPermission(caller.permissions, 'doctor_share_read_all');

/** A doctor sees their own share; anyone else's needs doctor_share_read_all. */
function assertMayRead(caller: Caller, doctorId: string) {
  if (doctorId !== caller.id && !canSeeAll(caller)) throw fail(403, 'DOCTOR_SHARE_OTHERS_FORBIDDEN', 'errors.doctorShares.othersForbidden');
}

export async function listDoctors(deps: Deps, caller: Caller) {
  if (canSeeAll(caller)) return findDoctors(deps.db, caller.companyId);
  return caller.employeeType === 'Doctor' ? findDoctors(deps.db, caller.companyId, caller.id) : [];
}

function toRuleRecord(n: NamedRule, all: NamedRule[], day: string): DoctorShareRuleRecord {
  const r = n.r;
  const same = all.filter((o) => o.r.doctorId === r.doctorId && o.r.serviceId === r.serviceId && o.r.effectiveFrom <= day)
    .sort((a, b) => b.r.effectiveFrom.localeCompare(a.r.effectiveFrom));
  return {
    _id: r.id, doctor: n.doctor ?? { _id: r.doctorId, name: '' }, service: r.serviceId ? (n.service ?? { _id: r.serviceId, name: '' }) : null,
    kind: r.kind as DoctorShareRuleRecord['kind'], percentBasisPoints: r.percentBasisPoints, fixedAmount: r.fixedAmount, tiers: r.tiers ?? null,
    effectiveFrom: r.effectiveFrom, inEffect: same[0]?.r.id === r.id, withdrawable: r.effectiveFrom > day, note: r.note,
    createdBy: n.createdBy, createdAt: r.createdAt.toISOString(),
  };
}

export async function listRules(deps: Deps, caller: Caller, q: { doctor?: string | undefined }) {
  const rows = await findRules(deps.db, caller.companyId, q.doctor);
  const day = today(deps, caller);
  return rows.map((r) => toRuleRecord(r, rows, day));
}

const toBasisPoints = (percent: number) => Math.round(percent * 100);

export async function createRule(deps: Deps, ctx: RequestContext, caller: Caller, input: DoctorShareRuleValues): Promise<DoctorShareRuleRecord> {
  const day = today(deps, caller);
  if (input.effectiveFrom < day) throw fieldFail('DOCTOR_SHARE_RULE_BACKDATED', 'effectiveFrom', 'validation.doctorShares.backdated');
  const id = await inTx(deps, async (tx) => {
    const doctor = await findEmployee(tx, caller.companyId, input.doctor);
    if (!doctor || doctor.employeeType !== 'Doctor') throw fieldFail('DOCTOR_SHARE_NOT_A_DOCTOR', 'doctor', 'errors.doctorShares.notADoctor');
    if (input.service && !(await serviceExists(tx, caller.companyId, input.service))) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { service: 'validation.invalidValue' });
    const values = {
      companyId: caller.companyId, doctorId: input.doctor, serviceId: input.service, kind: input.kind,
      percentBasisPoints: input.kind === 'percent' ? toBasisPoints(input.percent!) : null,
      fixedAmount: input.kind === 'fixed' ? input.fixedAmount! : null,
      tiers: input.kind === 'tiers' ? input.tiers!.map((x) => ({ fromVisit: x.fromVisit, percentBasisPoints: toBasisPoints(x.percent) })) : null,
      effectiveFrom: input.effectiveFrom, note: input.note, createdBy: caller.id,
    };
    const saved = await insertRule(tx, values);
    if (!saved) throw fail(409, 'DOCTOR_SHARE_RULE_EXISTS', 'errors.doctorShares.ruleExists');
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'doctor_share_rule', entityId: saved,
      changes: { after: { ...values, companyId: undefined } },
    });
    return saved;
  });
  const rows = await findRules(deps.db, caller.companyId, input.doctor);
  return toRuleRecord(rows.find((r) => r.r.id === id)!, rows, day);
}

export async function withdrawRule(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  const day = today(deps, caller);
  await inTx(deps, async (tx) => {
    const rule = await findRule(tx, caller.companyId, id);
    if (!rule) throw ruleNotFound();
    if (rule.r.effectiveFrom <= day) throw fail(409, 'DOCTOR_SHARE_RULE_IN_EFFECT', 'errors.doctorShares.ruleInEffect');
    await deleteRule(tx, caller.companyId, id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'doctor_share_rule', entityId: id,
      changes: { before: { doctor: rule.r.doctorId, service: rule.r.serviceId, kind: rule.r.kind, effectiveFrom: rule.r.effectiveFrom } },
    });
  });
}

const percentText = (bp: number | null) => String((bp ?? 0) / 100);

/** The rule as the statement names it, in the caller's language. */
export function ruleText(ctx: Pick<RequestContext, 'language'>, a: DoctorShareApplied, currency: string, digits: number): string {
  if (a.kind === 'fixed') return t(ctx, 'doctorShares.rule.fixed', { amount: `${formatMinor(a.fixedAmount ?? 0, digits)} ${currency}` });
  if (a.kind === 'tiers') return t(ctx, 'doctorShares.rule.tier', { percent: percentText(a.percentBasisPoints), visit: a.visitInMonth ?? 0, from: a.tierFrom ?? 1 });
  return t(ctx, 'doctorShares.rule.percent', { percent: percentText(a.percentBasisPoints) });
}

function toEntryRecord(ctx: Pick<RequestContext, 'language'>, e: EntryRow, digits: number): DoctorShareEntryRecord {
  return {
    _id: e.id, periodDay: e.periodDay, visitDate: e.visitDate, patient: e.patient ?? { _id: e.patientId, name: '' },
    invoice: { _id: e.invoiceId, displayNumber: e.displayNumber }, clinic: e.clinic ?? { _id: e.clinicId, name: '' }, description: e.description,
    cause: e.cause, taken: e.taken, base: e.base, share: e.share, rule: ruleText(ctx, e.applied, e.currency, digits), applied: e.applied,
    createdAt: e.createdAt.toISOString(),
  };
}

function toPayoutRecord(n: NamedPayout): DoctorSharePayoutRecord {
  const p = n.p;
  return {
    _id: p.id, doctor: n.doctor ?? { _id: p.doctorId, name: '' }, periodFrom: p.periodFrom, periodTo: p.periodTo, amount: p.amount, currency: p.currency,
    method: p.method as DoctorSharePayoutRecord['method'], reference: p.reference, note: p.note, createdBy: n.createdBy, createdAt: p.createdAt.toISOString(),
  };
}

/** The statement as read in `db` (a payout reads it in its transaction, after locking the doctor). */
async function statementOf(db: Db, ctx: Pick<RequestContext, 'language'>, companyId: string, q: DoctorShareStatementQuery): Promise<DoctorShareStatement> {
  const doctor = await findEmployee(db, companyId, q.doctor);
  if (!doctor || doctor.employeeType !== 'Doctor') throw fieldFail('DOCTOR_SHARE_NOT_A_DOCTOR', 'doctor', 'errors.doctorShares.notADoctor');
  const { currency, minorDigits } = await companyCurrency(db, companyId);
  const [entries, payouts, open] = [
    await lockedEntries(db, companyId, q.doctor, q.from, q.to), await periodPayouts(db, companyId, q.doctor, q.from, q.to), await openEntries(db, companyId, q.doctor),
  ];
  const sum = (k: 'taken' | 'base' | 'share') => entries.reduce((s, e) => s + e[k], 0);
  const share = sum('share');
  const paid = payouts.reduce((s, p) => s + p.p.amount, 0);
  return {
    doctor: { _id: doctor.id, name: doctor.name }, from: q.from, to: q.to, currency, minorDigits,
    entries: entries.map((e) => toEntryRecord(ctx, e, minorDigits)),
    totals: { visits: new Set(entries.map((e) => e.invoiceId)).size, taken: sum('taken'), base: sum('base'), share },
    payouts: payouts.map(toPayoutRecord), paid, balance: share - paid, open,
  };
}

export async function getStatement(deps: Deps, ctx: RequestContext, caller: Caller, q: DoctorShareStatementQuery): Promise<DoctorShareStatement> {
  assertMayRead(caller, q.doctor);
  return statementOf(deps.db, ctx, caller.companyId, q);
}

/** A payout against the period's statement: the doctor locked, the balance read again, at most that much. */
export async function createPayout(deps: Deps, ctx: RequestContext, caller: Caller, input: DoctorSharePayoutValues): Promise<DoctorSharePayoutRecord> {
  const id = await inTx(deps, async (tx) => {
    const doctor = await findEmployee(tx, caller.companyId, input.doctor, true);
    if (!doctor || doctor.employeeType !== 'Doctor') throw fieldFail('DOCTOR_SHARE_NOT_A_DOCTOR', 'doctor', 'errors.doctorShares.notADoctor');
    const statement = await statementOf(tx, ctx, caller.companyId, { doctor: input.doctor, from: input.from, to: input.to });
    // Payouts of overlapping periods never pay the same share twice: at most what is still owed over every period.
    const owed = Math.min(statement.balance, await lifetimeBalance(tx, caller.companyId, input.doctor));
    if (input.amount > owed) {
      const balance = `${formatMinor(Math.max(0, owed), statement.minorDigits)} ${statement.currency}`;
      throw fieldFail('DOCTOR_SHARE_OVERPAID', 'amount', 'errors.doctorShares.overpaid', { balance });
    }
    const saved = await insertPayout(tx, {
      companyId: caller.companyId, doctorId: input.doctor, periodFrom: input.from, periodTo: input.to, currency: statement.currency,
      amount: input.amount, method: input.method, reference: input.reference, note: input.note, createdBy: caller.id,
    });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'payout', entity: 'doctor_share', entityId: input.doctor,
      changes: { after: { payout: saved, from: input.from, to: input.to, amount: input.amount, method: input.method, balanceBefore: statement.balance } },
    });
    return saved;
  });
  return toPayoutRecord((await findPayout(deps.db, caller.companyId, id))!);
}

