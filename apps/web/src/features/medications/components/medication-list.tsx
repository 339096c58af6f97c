import { useState } from 'react';
import { Alert, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconPill, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PatientMedicationRecord } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { useSession } from '@/lib/session-context';
import { usePatientMedications } from '../api/patient-medications';
import { AddMedicationDialog } from './add-medication-dialog';
import { CloseMedicationDialog, type CloseAction } from './close-medication-dialog';
import { MedicationRow, RestrictedMedicationRow } from './medication-row';

/**
 * A patient's current medications (active first, then stopped and completed ones), with adding by hand and stopping or
 * completing for those who write clinical records. Shown only to those who read them. In an encounter, what is added
 * is recorded as part of that visit. One recorded at another doctor's sensitive encounter shows restricted, without actions.
 */
export function MedicationList({ patientId, encounterId }: { patientId: string; encounterId?: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canRead = can('clinical_read');
  const canWrite = can('clinical_write');
  const list = usePatientMedications(patientId, canRead);
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState<{ entry: PatientMedicationRecord; action: CloseAction } | null>(null);
  if (!canRead) return null;
  const entries = list.data?.data ?? [];
  const activeCount = entries.filter((e) => e.status === 'active').length;
  const action = canWrite ? (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="medication-add">
      {t('medicines.list.add')}
    </Button>
  ) : undefined;
  return (
    <SectionCard icon={<IconPill size={18} />} title={t('medicines.list.title')} action={action} testId="medication-list">
      {list.isPending && list.fetchStatus !== 'idle' ? (
        <Loader size="sm" />
      ) : list.isError ? (
        <Alert color="red" variant="light">{t('medicines.list.loadFailed')}</Alert>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="medication-empty">{t('medicines.list.empty')}</Text>
      ) : (
        <Stack gap={0}>
          <Text size="xs" c="dimmed" mb={4}>{t('medicines.list.activeCount', { count: activeCount })}</Text>
          {entries.map((entry, i) => (
            <div key={entry._id}>
              {i > 0 && <Divider />}
              {entry.restricted
                ? <RestrictedMedicationRow entry={entry} />
                : <MedicationRow entry={entry} canWrite={canWrite} onClose={(a) => setClosing({ entry, action: a })} />}
            </div>
          ))}
        </Stack>
      )}
      {canWrite && <AddMedicationDialog patientId={patientId} encounterId={encounterId} opened={adding} onClose={() => setAdding(false)} />}
      {canWrite && <CloseMedicationDialog patientId={patientId} entry={closing?.entry ?? null} action={closing?.action ?? 'stop'} onClose={() => setClosing(null)} />}
    </SectionCard>
  );
}
