import type { CashBoxClose, CashBoxCloseReport, CashBoxCloseValues, CashBoxDetails, CashBoxSummary } from '@clinic/shared';
import { localTime, safeTimeZone } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { lockDoctorShares } from '../doctor-shares/index.js';
import { getBillingSettings } from './billing.service.js';
import {
  addCashBoxTransaction, cashBoxBalance, cashBoxRows, closeOn, closeWithPrevious, dayMovements, configuredCashBoxes, latestCloses, latestTransactions, lockCashBox, registerCashBoxes,
  insertClose, toCashBoxSummary, toClose,
} from './cash-boxes.repository.js';

const cashBoxNotFound = () => new AppError(404, 'CASH_BOX_NOT_FOUND', 'errors.billing.cashBoxNotFound');

/** The company's and its clinics' cash boxes with their balances (active ones unless asked otherwise). */
export async function listCashBoxes(deps: Deps, caller: Caller, q: { clinic?: string | undefined; includeInactive?: boolean | undefined }): Promise<CashBoxSummary[]> {
  const configured = await configuredCashBoxes(deps.db, caller.companyId);
  await registerCashBoxes(deps.db, caller.companyId, configured);
  const { currency } = await getBillingSettings(deps.db, caller.companyId);
  return (await cashBoxRows(deps.db, caller.companyId))
    .map((r) => toCashBoxSummary(r, configured, currency))
    .filter((b) => (q.includeInactive || b.isActive) && (!q.clinic || b.clinic === null || b.clinic._id === q.clinic));
}

async function summaryOf(db: Db, caller: Caller, id: string): Promise<CashBoxSummary> {
  const [row] = await cashBoxRows(db, caller.companyId, [id]);
  if (!row) throw cashBoxNotFound();
  const configured = await configuredCashBoxes(db, caller.companyId, row.b.clinicId ?? undefined);
  const { currency } = await getBillingSettings(db, caller.companyId);
  return toCashBoxSummary(row, configured, currency);
}

/** The box's current local day (company time zone): the day a close now would close. */
const currentDay = (caller: Caller, deps?: Pick<Deps, 'clock'>) => localTime(deps ? clockNow(deps) : new Date(), safeTimeZone(caller.timeZone)).date;

export async function getCashBox(deps: Deps, caller: Caller, id: string): Promise<CashBoxDetails> {
  const summary = await summaryOf(deps.db, caller, id);
  const [transactions, closes] = await Promise.all([latestTransactions(deps.db, caller.companyId, id), latestCloses(deps.db, caller.companyId, id)]);
  const today = currentDay(caller);
  return { ...summary, transactions, closes, closedToday: closes.find((c) => c.date === today) ?? null };
}

/** A close's day-close (Z) report: the day's opening balance, cash in and out, expected, counted and the difference. */
export async function getCloseReport(deps: Deps, caller: Caller, id: string, closeId: string): Promise<CashBoxCloseReport> {
  const box = await summaryOf(deps.db, caller, id);
  const found = await closeWithPrevious(deps.db, caller.companyId, id, closeId);
  if (!found) throw new AppError(404, 'CASH_BOX_CLOSE_NOT_FOUND', 'errors.billing.closeNotFound');
  const { close, previousClosedAt } = found;
  const day = await dayMovements(deps.db, caller.companyId, id, previousClosedAt, new Date(close.closedAt));
  return { box, close, opening: close.expected - day.cashIn - day.cashOut, ...day };
}

/**
 * The day's close: the box's balance is what should be in it, `counted` what is; the difference is recorded with
 * who closed it and booked to the box, so its balance afterwards is what was counted. Once per box and local day.
 */
export async function closeCashBox(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: CashBoxCloseValues): Promise<CashBoxClose> {
  const day = currentDay(caller, deps);
  const alreadyClosed = () => new AppError(409, 'CASH_BOX_ALREADY_CLOSED', 'errors.billing.alreadyClosed');
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const box = await lockCashBox(tx, caller.companyId, id);
    if (!box) throw cashBoxNotFound();
    if (await closeOn(tx, caller.companyId, id, day)) throw alreadyClosed();
    const expected = await cashBoxBalance(tx, caller.companyId, id);
    const difference = input.counted - expected;
    const close = await insertClose(tx, {
      companyId: caller.companyId, cashBoxId: id, day, expected, counted: input.counted, difference, note: input.note, closedBy: caller.id,
    });
    await lockDoctorShares(tx, caller.companyId, { id: close.id, day, clinicId: box.clinicId });
    if (difference !== 0 && !(await addCashBoxTransaction(tx, {
      companyId: caller.companyId, cashBoxId: id, kind: 'close_difference', amount: difference,
      description: t(ctx, 'billing.transaction.close_difference', { date: day }), createdBy: caller.id,
    }))) {
      throw new AppError(409, 'CASH_BOX_SHORT', 'errors.billing.cashBoxNotEnough');
    }
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'close', entity: 'cash_box', entityId: id,
      changes: { after: { date: day, expected, counted: input.counted, difference } },
    });
    return toClose(close, null);
  }).then(async (close) => (await latestCloses(deps.db, caller.companyId, id, 1))[0] ?? close);
}
