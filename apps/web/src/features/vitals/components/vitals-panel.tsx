import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconActivityHeartbeat, IconPlus } from '@tabler/icons-react';
import type { VitalReading, VitalsSet } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useMarkVitalsInError, useVitals } from '../api/vitals-api';
import { FLAG_COLORS, formatVital } from './vital-format';
import { VitalTrendChart } from './vital-trend-chart';
import { VitalsForm } from './vitals-form';

function Reading({ reading, diastolic }: { reading: VitalReading; diastolic?: VitalReading }) {
  const { t, i18n } = useTranslation();
  const worst = diastolic && FLAG_COLORS[diastolic.flag] === 'red' ? diastolic : diastolic && reading.flag === 'normal' ? diastolic : reading;
  const value = formatVital(reading.vital, reading.enteredValue, reading.enteredUnit, i18n.language);
  const text = diastolic ? `${value}/${formatVital('diastolic', diastolic.enteredValue, diastolic.enteredUnit, i18n.language)}` : value;
  return (
    <Stack gap={2} data-testid={`vital-${reading.vital}`} data-flag={worst.flag}>
      <Text size="xs" c="dimmed">{diastolic ? t('vitals.names.bloodPressure') : t(`vitals.names.${reading.vital}`)}</Text>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} size="lg" dir="ltr">{text}</Text>
        <Text size="xs" c="dimmed">{t(`vitals.unitLabels.${reading.enteredUnit.replace('/', '_')}`)}</Text>
      </Group>
      <Badge size="xs" variant={worst.flag === 'noRange' ? 'outline' : 'light'} color={FLAG_COLORS[worst.flag]} tt="none" w="fit-content" maw="100%">
        {t(`vitals.flags.${worst.flag}`)}
      </Badge>
    </Stack>
  );
}

function LastSet({ set, onError }: { set: VitalsSet; onError?: () => void }) {
  const { t, i18n } = useTranslation();
  const byVital = new Map(set.readings.map((r) => [r.vital, r]));
  const shown = set.readings.filter((r) => r.vital !== 'diastolic');
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Text size="xs" c="dimmed" data-testid="vitals-taken-at">
          {t('vitals.panel.takenBy', { when: formatDateTime(set.takenAt, i18n.language), who: set.recordedBy?.name ?? '—' })}
        </Text>
        {onError && <Button size="compact-xs" variant="subtle" color="gray" onClick={onError} data-testid="vitals-mark-error">{t('vitals.panel.markError')}</Button>}
      </Group>
      {/* Columns by the card's own width (it sits in half a page at the visit): a value with its unit is never cut. */}
      <SimpleGrid minColWidth="8rem" spacing="sm" verticalSpacing="sm" data-testid="vitals-last">
        {shown.map((r) => <Reading key={r.vital} reading={r} {...(r.vital === 'systolic' && byVital.get('diastolic') ? { diastolic: byVital.get('diastolic')! } : {})} />)}
      </SimpleGrid>
    </Stack>
  );
}

function ErrorDialog({ patientId, set, onClose }: { patientId: string; set: VitalsSet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const mark = useMarkVitalsInError(patientId);
  return (
    <Modal opened={Boolean(set)} onClose={onClose} title={t('vitals.panel.markErrorTitle')}>
      <Stack>
        <Textarea label={t('vitals.panel.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus data-testid="vitals-error-reason" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button color="red" loading={mark.isPending} disabled={reason.trim().length < 3} onClick={() => set && void mark.mutateAsync({ id: set._id, reason }).then(onClose)} data-testid="vitals-error-confirm">
            {t('vitals.panel.markError')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The patient's last vitals with their flags, the form to record new ones, and the trend of every reading. */
export function VitalsPanel({ patientId, encounterId, withTrend = true }: { patientId: string; encounterId?: string; withTrend?: boolean }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('clinical_write');
  const vitals = useVitals(patientId, null, 1);
  const [adding, setAdding] = useState(false);
  const [inError, setInError] = useState<VitalsSet | null>(null);
  const last = vitals.data?.[0];
  return (
    <Stack gap="md" data-testid="vitals-panel">
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <Group gap={8}><IconActivityHeartbeat size={20} /><Text fw={600}>{t('vitals.panel.title')}</Text></Group>
          {canWrite && !adding && <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="vitals-add">{t('vitals.panel.record')}</Button>}
        </Group>
        {adding && <VitalsForm patientId={patientId} {...(encounterId ? { encounterId } : {})} onSaved={() => setAdding(false)} />}
        {!adding && (last ? <LastSet set={last} {...(canWrite ? { onError: () => setInError(last) } : {})} /> : (
          <Text c="dimmed" size="sm" data-testid="vitals-none">{vitals.isPending ? '…' : t('vitals.panel.none')}</Text>
        ))}
      </Card>
      {withTrend && <VitalTrendChart patientId={patientId} />}
      <ErrorDialog patientId={patientId} set={inError} onClose={() => setInError(null)} />
    </Stack>
  );
}
