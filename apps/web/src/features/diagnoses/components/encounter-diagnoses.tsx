import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconStethoscope, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EncounterDiagnosisRecord } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { usePatientDiagnosisChanges, useEncounterDiagnoses } from '../api/problems';
import { codeTitle } from './code-title';
import { DiagnosisPicker } from './diagnosis-picker';

export interface EncounterDiagnosesProps {
  patientId: string;
  encounterId: string;
  /** False for a reader without clinical_write: the list without its controls. */
  canWrite?: boolean;
  /**
   * The diagnoses as the break-the-glass answer gave them: they fill in the rows the list answers masked (another
   * doctor's sensitive encounter), which otherwise say they are restricted.
   */
  revealed?: EncounterDiagnosisRecord[];
}

/**
 * The visit's diagnoses: the first one added is the primary, the others secondary; each one added also keeps its
 * condition on the patient's problem list (the server does both in one step).
 */
export function EncounterDiagnoses({ patientId, encounterId, canWrite = true, revealed }: EncounterDiagnosesProps) {
  const { t, i18n } = useTranslation();
  const list = useEncounterDiagnoses(patientId, encounterId);
  const changes = usePatientDiagnosisChanges(patientId);
  const rows = (list.data ?? []).map((d) => (d.restricted ? revealed?.find((r) => r._id === d._id) ?? d : d));
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
          <Group key={d._id} gap="xs" wrap="nowrap" justify="space-between" data-testid="encounter-diagnosis" data-rank={d.rank} data-restricted={d.restricted || undefined}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge color={d.rank === 'primary' ? 'teal' : 'gray'} variant={d.rank === 'primary' ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
                {t(`diagnoses.encounter.${d.rank}`)}
              </Badge>
              {d.code ? (
                <>
                  <Badge variant="outline" color="gray" tt="none" ff="monospace" dir="ltr" style={{ flexShrink: 0 }}>
                    {d.code.code}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {codeTitle(d.code, i18n.language)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                  {t('diagnoses.encounter.restricted')}
                </Text>
              )}
            </Group>
            {canWrite && d.code && (
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
