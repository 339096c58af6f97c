import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DAY_MONTH_YEAR, formatDate, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useCloseReport } from '../api/cash-boxes';
import { closerName } from './cash-box-label';
import { formatMoney } from './money';

export interface ZRow {
  key: string;
  label: string;
  value: string;
  strong?: boolean;
  /** A shortfall (red on screen). */
  short?: boolean;
}

/**
 * What a printed day-close (Z) report reads, for the page's `:box` and `:id` (the close): its heading lines (box,
 * clinic, day) and its rows, in the user's language and digits with 24-hour times.
 */
export function useZReport() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { box = '', id = '' } = useParams();
  const { user } = useSession();
  const report = useCloseReport(box, id);
  const r = report.data;
  const m = (minor: number) => (r ? formatMoney(minor, r.box.currency, lang) : '');
  const heading: ZRow[] = r ? [
    { key: 'box', label: t('finance.cashBoxes.zBox'), value: r.box.name },
    { key: 'clinic', label: t('finance.cashBoxes.zClinic'), value: r.box.clinic?.name ?? t('finance.cashBoxes.company') },
    { key: 'day', label: t('finance.cashBoxes.zDay'), value: formatDate(r.close.date, lang, DAY_MONTH_YEAR) },
  ] : [];
  const rows: ZRow[] = r ? [
    { key: 'opening', label: t('finance.cashBoxes.zOpening'), value: m(r.opening) },
    { key: 'in', label: t('finance.cashBoxes.zCashIn'), value: m(r.cashIn) },
    { key: 'out', label: t('finance.cashBoxes.zCashOut'), value: m(r.cashOut) },
    { key: 'expected', label: t('finance.cashBoxes.expected'), value: m(r.close.expected), strong: true },
    { key: 'counted', label: t('finance.cashBoxes.counted'), value: m(r.close.counted), strong: true },
    { key: 'difference', label: t('finance.cashBoxes.difference'), value: m(r.close.difference), strong: true, short: r.close.difference < 0 },
  ] : [];
  const closing: ZRow[] = r ? [
    { key: 'by', label: t('finance.cashBoxes.zClosedBy'), value: closerName(r.close.closedBy, t) },
    { key: 'at', label: t('finance.cashBoxes.zClosedAt'), value: formatDateTime(r.close.closedAt, lang, DAY_MONTH_YEAR) },
    ...(r.close.note ? [{ key: 'note', label: t('finance.cashBoxes.zNote'), value: r.close.note }] : []),
  ] : [];
  return { t, lang, user, report, box, id, heading, rows, closing };
}
