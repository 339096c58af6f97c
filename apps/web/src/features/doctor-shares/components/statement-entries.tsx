import { Anchor, Badge, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DoctorShareStatement } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { DAY_MONTH_YEAR, formatDay } from '@/lib/dates';
import { appliedText, CAUSE_COLOURS } from './share-format';
import { StatementEntryCards } from './statement-entry-cards';

const num = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface EntriesProps {
  statement: DoctorShareStatement;
  money: (minor: number) => string;
  /** The doctor's tiered rules by id, to name an entry's tier by its number. */
  tiersOf?: (ruleId: string) => Array<{ fromVisit: number }> | null;
  /** Links the invoice numbers to their invoices (for those who may open them). */
  linkInvoices: boolean;
}

/** The period's locked entries: each visit's money, its net base and the share the rule gave (money back negative). */
export function StatementEntries({ statement, money, tiersOf, linkInvoices }: EntriesProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const amount = (minor: number, strong = false) => (
    <Table.Td style={num} c={minor < 0 ? 'red' : undefined} fw={strong ? 600 : undefined}>{money(minor)}</Table.Td>
  );
  if (statement.entries.length === 0) {
    return <EmptyState title={t('doctorShares.entries.empty')} description={t('doctorShares.entries.emptyHint')} size="sm" />;
  }
  return (
    <>
      <StatementEntryCards statement={statement} money={money} tiersOf={tiersOf} />
      <ScrollArea type="auto" offsetScrollbars visibleFrom="sm">
      <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" striped highlightOnHover miw={860} data-testid="share-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('doctorShares.entries.closeDay')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.visitDate')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.patient')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.invoice')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.service')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.cause')}</Table.Th>
            <Table.Th>{t('doctorShares.entries.rule')}</Table.Th>
            <Table.Th style={num}>{t('doctorShares.totals.taken')}</Table.Th>
            <Table.Th style={num}>{t('doctorShares.totals.base')}</Table.Th>
            <Table.Th style={num}>{t('doctorShares.totals.share')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.entries.map((e) => (
            <Table.Tr key={e._id} data-testid="share-entry" data-cause={e.cause}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.periodDay ? formatDay(e.periodDay, lang, DAY_MONTH_YEAR) : '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.visitDate, lang, DAY_MONTH_YEAR)}</Table.Td>
              <Table.Td>{e.patient.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {linkInvoices ? (
                  <Anchor component={Link} to={`/billing/invoices/details/${encodeURIComponent(e.invoice._id)}`} fz="sm" dir="ltr" data-testid="share-entry-invoice">
                    {e.invoice.displayNumber ?? '—'}
                  </Anchor>
                ) : <bdi dir="ltr">{e.invoice.displayNumber ?? '—'}</bdi>}
              </Table.Td>
              <Table.Td>{e.description}</Table.Td>
              <Table.Td><Badge size="sm" variant="light" color={CAUSE_COLOURS[e.cause]} style={{ minWidth: 'max-content' }}>{t(`doctorShares.causes.${e.cause}`)}</Badge></Table.Td>
              <Table.Td data-testid="share-entry-rule"><Text span fz="sm">{appliedText(e.applied, t, lang, money, tiersOf?.(e.rule))}</Text></Table.Td>
              {amount(e.taken)}
              {amount(e.base)}
              {amount(e.share, true)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="share-entries-total" style={{ fontWeight: 700 }}>
            <Table.Th colSpan={7}>{t('doctorShares.entries.total', { count: statement.totals.visits })}</Table.Th>
            <Table.Th style={num}>{money(statement.totals.taken)}</Table.Th>
            <Table.Th style={num}>{money(statement.totals.base)}</Table.Th>
            <Table.Th style={num}>{money(statement.totals.share)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      </ScrollArea>
    </>
  );
}
