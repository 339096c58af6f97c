import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLockAccess } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartKeys } from '@/features/chart';
import { diagnosesKeys } from '@/features/diagnoses';
import { medicationsKeys } from '@/features/medications';
import { ordersKeys } from '@/features/orders';
import { prescriptionKeys } from '@/features/prescriptions';
import { isApiError } from '@/lib/http';
import { breakGlass } from '../api/encounters';
import { encounterKeys } from '../api/encounter-keys';

/** The queries of a patient's record that a break-the-glass grant changes: every list that masked the encounter. */
export const grantedQueries = (patientId: string) => [
  chartKeys.ofPatient(patientId), prescriptionKeys.ofPatient(patientId), ordersKeys.ofPatient(patientId),
  medicationsKeys.patient(patientId), diagnosesKeys.patient(patientId),
];

/**
 * A sensitive note of another doctor: opened only with a reason, which is recorded and told to the administrators and
 * grants the encounter for a shift, so the patient's lists read again show what it recorded.
 */
export function BreakGlass({ encounterId }: { encounterId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const opened = await breakGlass(encounterId, reason);
      queryClient.setQueryData(encounterKeys.detail(encounterId), opened);
      await Promise.all(grantedQueries(opened.patient._id).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.reason ?? e.message) : t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card padding="lg" withBorder maw={560} mx="auto" data-testid="break-glass">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="md">
          <IconLockAccess size={36} color="var(--mantine-color-orange-filled)" />
          <Title order={2} fz="h4">{t('encounter.breakGlass.title')}</Title>
          <Text size="sm">{t('encounter.breakGlass.body')}</Text>
          <Textarea label={t('encounter.breakGlass.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} required />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Button type="submit" color="orange" loading={busy} disabled={!reason.trim()}>{t('encounter.breakGlass.open')}</Button>
        </Stack>
      </form>
    </Card>
  );
}
