import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconStethoscope, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/details';
import { usePatientDiagnosisChanges, useEncounterDiagnoses } from '../api/problems';
import { codeTitle } from './code-title';
import { DiagnosisPicker } from './diagnosis-picker';

export interface EncounterDiagnosesProps {
  patientId: string;
  encounterId: string;
  /** False for a reader without clinical_write: the list without its controls. */
  canWrite?: boolean;
}

/**
 * The visit's diagnoses: the first one added is the primary, the others secondary; each one added also keeps its
 * condition on the patient's problem list (the server does both in one step).
 */
export function EncounterDiagnoses({ patientId, encounterId, canWrite = true }: EncounterDiagnosesProps) {
  const { t, i18n } = useTranslation();
  const list = useEncounterDiagnoses(patientId, encounterId);
  const changes = usePatientDiagnosisChanges(patientId);
  const rows = list.data ?? [];
  const hasPrimary = rows.some((d) => d.rank === 'primary');

  return (
    <SectionCard icon={<IconStethoscope size={18} />} title={t('diagnoses.encounter.title')} testId="encounter-diagnoses">
      <Stack gap="sm">
        {canWrite && (
          <DiagnosisPicker
            label={t('diagnoses.encounter.add')}
            disabled={changes.add.isPending}
            onSelect={(code) => changes.add.mutate({ encounterId, codeId: code._id, rank: hasPrimary ? 'secondary' : 'primary' })}
          />
        )}
        {!rows.length && !list.isLoading && (
          <Text size="sm" c="dimmed" data-testid="encounter-diagnoses-empty">
            {t('diagnoses.encounter.empty')}
          </Text>
        )}
        {rows.map((d) => (
          <Group key={d._id} gap="xs" wrap="nowrap" justify="space-between" data-testid="encounter-diagnosis" data-rank={d.rank}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge color={d.rank === 'primary' ? 'teal' : 'gray'} variant={d.rank === 'primary' ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
                {t(`diagnoses.encounter.${d.rank}`)}
              </Badge>
              <Badge variant="outline" color="gray" tt="none" ff="monospace" dir="ltr" style={{ flexShrink: 0 }}>
                {d.code.code}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {codeTitle(d.code, i18n.language)}
              </Text>
            </Group>
            {canWrite && (
              <Group gap={4} wrap="nowrap">
                {!hasPrimary && d.rank === 'secondary' && (
                  <Button size="compact-xs" variant="subtle" onClick={() => changes.update.mutate({ id: d._id, input: { rank: 'primary' } })}>
                    {t('diagnoses.encounter.makePrimary')}
                  </Button>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('diagnoses.encounter.remove', { code: d.code.code })}
                  onClick={() => changes.remove.mutate(d._id)}
                  loading={changes.remove.isPending && changes.remove.variables === d._id}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
