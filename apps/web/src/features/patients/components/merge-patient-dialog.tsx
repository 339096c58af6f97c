import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientDetails } from '@clinic/shared';
import { PatientSelect } from '@/components/patient-select';
import { isApiError } from '@/lib/api-error';
import { patientQueryOptions } from '../api/get-patient';
import { useMergePatients, useRecordCounts } from '../api/merge-patients';
import { MergeComparison, type Side } from './merge-comparison';

/**
 * "Merge duplicate" on a patient's record: pick the other record of the same person, compare the two side by side,
 * choose the one to keep, confirm. Everything of the other moves to it; the page then shows the kept record.
 */
export function MergePatientDialog({ patient, opened, onClose }: { patient: PatientDetails; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [otherId, setOtherId] = useState<string | null>(null);
  const [keep, setKeep] = useState<0 | 1>(patient.selfRegistered ? 1 : 0);
  const other = useQuery({ ...patientQueryOptions(otherId ?? ''), enabled: Boolean(otherId) });
  const sides: [Side, Side] = [
    { patient, counts: useRecordCounts(opened ? patient._id : null).data },
    { patient: otherId ? other.data : undefined, counts: useRecordCounts(otherId).data },
  ];
  const merge = useMergePatients();
  const close = () => {
    setOtherId(null);
    merge.reset();
    onClose();
  };
  const kept = sides[keep].patient;
  const duplicate = sides[keep === 0 ? 1 : 0].patient;
  const ready = Boolean(otherId && otherId !== patient._id && kept && duplicate);
  const confirm = () => {
    if (!kept || !duplicate) return;
    merge.mutate(
      { duplicate: duplicate._id, body: { into: kept._id, version: duplicate.version, intoVersion: kept.version } },
      {
        onSuccess: () => {
          close();
          void navigate(`/patients/details/${kept._id}`, { replace: keep === 1 });
        },
      },
    );
  };
  const refusal = isApiError(merge.error) && merge.error.fromServer ? merge.error.message : null;

  return (
    <Modal opened={opened} onClose={close} title={t('patients.merge.title')} size="lg" data-testid="merge-patient-dialog">
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('patients.merge.intro')}</Text>
        <PatientSelect
          label={t('patients.merge.searchLabel')}
          placeholder={t('patients.merge.searchPlaceholder')}
          value={otherId}
          onChange={(id) => {
            setOtherId(id === patient._id ? null : id);
            merge.reset();
          }}
          data-testid="merge-search"
        />
        {otherId && <MergeComparison sides={sides} keep={keep} onKeep={setKeep} />}
        {ready && kept && duplicate && (
          <Alert color="orange" variant="light" data-testid="merge-summary">
            {t('patients.merge.summary', { duplicate: `${duplicate.name} (${duplicate.publicId})`, kept: `${kept.name} (${kept.publicId})` })}
          </Alert>
        )}
        {refusal && <Alert color="red" variant="light" role="alert" data-testid="merge-error">{refusal}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>{t('common.actions.cancel')}</Button>
          <Button color="orange" leftSection={<IconGitMerge size={16} />} disabled={!ready} loading={merge.isPending} onClick={confirm} data-testid="merge-confirm">
            {t('patients.merge.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
