/** A doctor's statement as CSV: one row per entry and a totals row, headers in the caller's language, amounts with the currency's digits. */
import { stringify } from 'csv-stringify/sync';
import { formatMinor, type DoctorShareStatement } from '@clinic/shared';
import { neutralise } from '../../lib/csv-export.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';

const COLUMNS = ['periodDay', 'visitDate', 'patient', 'invoice', 'service', 'cause', 'rule', 'taken', 'base', 'share'] as const;

/** UTF-8 with a byte-order mark (spreadsheets then open Arabic correctly); a cell that would read as a formula starts with an apostrophe. */
export function statementCsv(ctx: Pick<RequestContext, 'language'>, s: DoctorShareStatement): string {
  const money = (n: number) => formatMinor(n, s.minorDigits);
  const rows = s.entries.map((e) => [
    e.periodDay ?? '', e.visitDate, neutralise(e.patient.name), neutralise(e.invoice.displayNumber ?? ''), neutralise(e.description),
    t(ctx, `doctorShares.cause.${e.cause}`), neutralise(e.rule), money(e.taken), money(e.base), money(e.share),
  ]);
  rows.push([t(ctx, 'doctorShares.csv.totals', { count: s.totals.visits }), '', '', '', '', '', '', money(s.totals.taken), money(s.totals.base), money(s.totals.share)]);
  return stringify(rows, { bom: true, header: true, columns: COLUMNS.map((c) => t(ctx, `doctorShares.csv.${c}`)) });
}

export const statementFileName = (s: DoctorShareStatement) => `doctor-share-${s.from}-${s.to}.csv`;
