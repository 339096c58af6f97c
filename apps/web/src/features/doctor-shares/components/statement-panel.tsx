import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconHourglass, IconPrinter, IconReceipt2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { formatMoney } from '@/features/billing';
import { downloadStatementCsv, statementPrintPath, useDoctorShareStatement } from '../api/doctor-shares';
import { PeriodPicker, useStatementPeriod } from './period-picker';
import { StatementEntries } from './statement-entries';
import { StatementPayouts } from './statement-payouts';
import { StatementTotals } from './statement-totals';

interface StatementPanelProps {
  doctor: { _id: string; name: string };
  /** Payouts may be recorded (doctor_share_write); the doctor's own view has none. */
  canPay: boolean;
  tiersOf?: (ruleId: string) => Array<{ fromVisit: number }> | null;
}

/** A doctor's statement of a period: totals, the locked entries, what is still open, payouts, print and CSV. */
export function StatementPanel({ doctor, canPay, tiersOf }: StatementPanelProps) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const { from, to, setPeriod } = useStatementPeriod();
  const query = { doctor: doctor._id, from, to };
  const statement = useDoctorShareStatement(query);
  const data = statement.data;
  const money = (minor: number) => formatMoney(minor, data?.currency ?? 'SAR', i18n.language);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementCsv(query, doctor.name);
    } catch {
      // The http layer has shown the error.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="share-statement">
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs" wrap="nowrap">
              <IconReceipt2 size={18} stroke={1.6} />
              <Title order={4}>{t('doctorShares.statement.title')}</Title>
            </Group>
            <Text size="sm" c="dimmed" data-testid="share-statement-period"><bdi>{doctor.name}</bdi> · {formatDayRange(from, to, i18n.language)}</Text>
          </Stack>
          <Group gap="xs">
            <Button component={Link} to={statementPrintPath(query)} variant="default" size="sm" leftSection={<IconPrinter size={16} />} data-testid="share-print">
              {t('doctorShares.statement.print')}
            </Button>
            <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()} data-testid="share-csv">
              {t('doctorShares.statement.csv')}
            </Button>
          </Group>
        </Group>
        <Group mt="sm">
          <PeriodPicker from={from} to={to} onChange={setPeriod} />
        </Group>
      </Card>
      {statement.isPending ? <Skeleton h={240} /> : !data ? (
        <Alert color="red" variant="light">{t('doctorShares.statement.failed')}</Alert>
      ) : (
        <>
          <StatementTotals statement={data} money={money} />
          {data.open.entries > 0 && (
            <Alert color="yellow" variant="light" icon={<IconHourglass size={18} />} data-testid="share-open">
              {t('doctorShares.statement.open', { count: data.open.entries, amount: money(data.open.share) })}
            </Alert>
          )}
          <Card withBorder padding="xs">
            <StatementEntries statement={data} money={money} tiersOf={tiersOf} linkInvoices={can('billing_read')} />
          </Card>
          <StatementPayouts statement={data} money={money} canWrite={canPay} />
        </>
      )}
    </Stack>
  );
}
