import { Anchor, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CashBoxDetails } from '@clinic/shared';
import { DAY_MONTH_YEAR, formatDate, formatDateTime } from '@/lib/dates';
import { zReportPath } from '../api/cash-boxes';
import { closerName } from './cash-box-label';
import { formatMoney } from './money';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Stands for the invoice number in the translated text, where the number itself is put in as an element. */
const NUMBER_MARK = '\u0000';

/**
 * A translated description with its invoice number (CLN-000001-000011) isolated left to right and kept on one line:
 * inside Arabic text it would otherwise break at its hyphens and have its parts reordered.
 */
function WithInvoiceNumber({ text, number }: { text: string; number: string }) {
  const at = text.indexOf(NUMBER_MARK);
  if (at < 0) return text;
  return <>{text.slice(0, at)}<bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>{number}</bdi>{text.slice(at + NUMBER_MARK.length)}</>;
}

/** A cash box's transactions, newest first, with the balance after each. */
export function CashBoxTransactions({ box }: { box: CashBoxDetails }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, box.currency, i18n.language);
  if (!box.transactions.length) return <Text size="sm" c="dimmed">{t('finance.cashBoxes.noTransactions')}</Text>;
  return (
    <ScrollArea type="auto">
      <Table miw={620} striped verticalSpacing="xs" data-testid="cash-box-transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.cashBoxes.when')}</Table.Th>
            <Table.Th>{t('finance.cashBoxes.description')}</Table.Th>
            <Table.Th ta="end">{t('finance.cashBoxes.amount')}</Table.Th>
            <Table.Th ta="end">{t('finance.cashBoxes.balanceAfter')}</Table.Th>
            <Table.Th>{t('finance.cashBoxes.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {box.transactions.map((x) => (
            <Table.Tr key={x._id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(x.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                {x.kind === 'close_difference'
                  ? t('billing.transaction.close_difference', { date: formatDate(x.createdAt, i18n.language, DAY_MONTH_YEAR) })
                  : <WithInvoiceNumber text={t(`billing.transaction.${x.kind}`, { number: NUMBER_MARK })} number={x.invoiceNumber ?? ''} />}
              </Table.Td>
              <Table.Td ta="end" style={num} c={x.amount < 0 ? 'red' : undefined}>{m(x.amount)}</Table.Td>
              <Table.Td ta="end" style={num}>{m(x.balanceAfter)}</Table.Td>
              <Table.Td>{x.createdBy?.name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The box's day closes: expected, counted, the difference and who closed it. */
export function CashBoxCloses({ box }: { box: CashBoxDetails }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, box.currency, i18n.language);
  if (!box.closes.length) return <Text size="sm" c="dimmed">{t('finance.cashBoxes.noCloses')}</Text>;
  return (
    <ScrollArea type="auto">
      <Table miw={560} striped verticalSpacing="xs" data-testid="cash-box-closes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.cashBoxes.date')}</Table.Th>
            <Table.Th ta="end">{t('finance.cashBoxes.expected')}</Table.Th>
            <Table.Th ta="end">{t('finance.cashBoxes.counted')}</Table.Th>
            <Table.Th ta="end">{t('finance.cashBoxes.difference')}</Table.Th>
            <Table.Th>{t('finance.cashBoxes.closedBy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {box.closes.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(c.date, i18n.language, DAY_MONTH_YEAR)}</Table.Td>
              <Table.Td ta="end" style={num}>{m(c.expected)}</Table.Td>
              <Table.Td ta="end" style={num}>{m(c.counted)}</Table.Td>
              <Table.Td ta="end" style={num} c={c.difference === 0 ? undefined : 'red'}>{m(c.difference)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={c.closedBy ? undefined : 'dimmed'} data-testid="close-closer">{closerName(c.closedBy, t)}</Text>
                <Text size="xs" c="dimmed">{formatDateTime(c.closedAt, i18n.language)}{c.note ? ` · ${c.note}` : ''}</Text>
                <Anchor component={Link} to={zReportPath(box._id, c._id)} size="xs" data-testid="close-z-report">{t('finance.cashBoxes.zReport')}</Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
