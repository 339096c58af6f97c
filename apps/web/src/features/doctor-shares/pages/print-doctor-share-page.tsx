import { Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { companyQueryOptions } from '@/features/company';
import { printClasses, printedAt, PrintFrame } from '@/features/printouts';
import { formatMoney } from '@/features/billing';
import { formatDateTime, formatDay, formatDayRange, formatNumber } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useDoctorShareRules, useDoctorShareStatement } from '../api/doctor-shares';
import { appliedText } from '../components/share-format';
import classes from './print-doctor-share.module.css';

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const end = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The A4 statement of a doctor's share for a period: entries, totals, payouts and the signature lines. */
export default function PrintDoctorSharePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user, can } = useSession();
  const [params] = useSearchParams();
  const query = { doctor: params.get('doctor') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const statement = useDoctorShareStatement(query.doctor && query.from && query.to ? query : null);
  // The rules name an entry's tier by its number (for those who may read them; a doctor sees the tier's first visit).
  const rules = useDoctorShareRules(can('doctor_share_read_all') || can('doctor_share_write') ? query.doctor || null : null);
  const company = useQuery({ ...companyQueryOptions(), enabled: can('company_read') });
  const s = statement.data;
  const m = (minor: number) => (s ? formatMoney(minor, s.currency, lang) : '');
  const total = (label: string, value: string, strong = false) => (
    <tr key={label} style={strong ? { fontWeight: 700 } : undefined}><th>{label}</th><td style={end}>{value}</td></tr>
  );

  return (
    <PrintFrame testId="print-doctor-share">
      {statement.isPending && query.doctor ? <Loader size="sm" /> : !s ? <Text>{t('printouts.notFound')}</Text> : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={0}>
              <Title order={3}>{company.data?.name ?? ''}</Title>
              {company.data?.address && <Text size="sm">{company.data.address}</Text>}
            </Stack>
            <Stack gap={0} align="flex-end">
              <Title order={3} data-testid="print-share-title">{t('doctorShares.print.title')}</Title>
              <Text size="sm">{t('doctorShares.print.period')}: {formatDayRange(s.from, s.to, lang)}</Text>
            </Stack>
          </Group>
          <Divider />
          <Text size="sm"><b>{t('doctorShares.doctor')}:</b> {s.doctor.name}</Text>
          <table className={`${printClasses.table} ${classes.entries}`} data-testid="print-share-entries">
            <thead>
              <tr>
                <th>{t('doctorShares.entries.closeDay')}</th>
                <th>{t('doctorShares.entries.visitDate')}</th>
                <th>{t('doctorShares.entries.patient')}</th>
                <th>{t('doctorShares.entries.invoice')}</th>
                <th>{t('doctorShares.entries.service')}</th>
                <th>{t('doctorShares.entries.cause')}</th>
                <th>{t('doctorShares.entries.rule')}</th>
                <th style={end}>{t('doctorShares.totals.taken')}</th>
                <th style={end}>{t('doctorShares.totals.base')}</th>
                <th style={end}>{t('doctorShares.totals.share')}</th>
              </tr>
            </thead>
            <tbody>
              {s.entries.length === 0 && <tr><td colSpan={10}>{t('doctorShares.entries.empty')}</td></tr>}
              {s.entries.map((e) => (
                <tr key={e._id}>
                  <td style={{ whiteSpace: 'nowrap' }}>{e.periodDay ? formatDay(e.periodDay, lang, SHORT_DAY) : ''}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.visitDate, lang, SHORT_DAY)}</td>
                  <td>{e.patient.name}</td>
                  <td style={{ whiteSpace: 'nowrap' }}><bdi dir="ltr">{e.invoice.displayNumber ?? ''}</bdi></td>
                  <td>{e.description}</td>
                  <td>{t(`doctorShares.causes.${e.cause}`)}</td>
                  <td>{appliedText(e.applied, t, lang, m, rules.data?.find((r) => r._id === e.rule)?.tiers)}</td>
                  <td style={end}>{m(e.taken)}</td>
                  <td style={end}>{m(e.base)}</td>
                  <td style={end}>{m(e.share)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={printClasses.table} style={{ width: 'auto', minWidth: '55%', marginInlineStart: 'auto' }} data-testid="print-share-totals">
            <tbody>
              {total(t('doctorShares.totals.visits'), formatNumber(s.totals.visits, lang))}
              {total(t('doctorShares.totals.taken'), m(s.totals.taken))}
              {total(t('doctorShares.totals.base'), m(s.totals.base))}
              {total(t('doctorShares.totals.share'), m(s.totals.share), true)}
              {total(t('doctorShares.totals.paid'), m(s.paid))}
              {total(t('doctorShares.totals.balance'), m(s.balance), true)}
            </tbody>
          </table>
          {s.payouts.length > 0 && (
            <Text size="sm" data-testid="print-share-payouts">
              <b>{t('doctorShares.payouts.title')}:</b>{' '}
              {s.payouts.map((p, i) => (
                <span key={p._id}>
                  {i > 0 && ' · '}
                  {t(`doctorShares.methods.${p.method}`)} {m(p.amount)}{p.reference && <> (<bdi>{p.reference}</bdi>)</>} · {formatDateTime(p.createdAt, lang)}
                </span>
              ))}
            </Text>
          )}
          {s.open.entries > 0 && <Text size="xs">{t('doctorShares.statement.open', { count: s.open.entries, amount: m(s.open.share) })}</Text>}
          <SimpleGrid cols={2} spacing="xl" mt={48}>
            {(['preparedBy', 'receivedBy'] as const).map((k) => (
              <Stack key={k} gap={4}>
                <div style={{ borderBottom: '1px solid currentColor', height: 32 }} />
                <Text size="sm">{t(`doctorShares.print.${k}`)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text className={printClasses.meta} mt="md">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
        </Stack>
      )}
    </PrintFrame>
  );
}
