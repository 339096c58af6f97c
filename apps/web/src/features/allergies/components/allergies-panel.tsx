import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { ALLERGY_STATUSES, type Allergy, type AllergyStatus } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { useAllergies, useRecordNoKnownAllergies, useUpdateAllergy } from '../api/allergies-api';
import { AllergyBanner } from './allergy-banner';
import { AllergyForm } from './allergy-form';

const SEVERITY_COLORS = { mild: 'yellow', moderate: 'orange', severe: 'red', life_threatening: 'red' } as const;

function AllergyRow({ patientId, allergy, canWrite }: { patientId: string; allergy: Allergy; canWrite: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAllergy(patientId);
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="allergy-row" data-status={allergy.status}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Group gap={6}>
          <Text fw={600} c={allergy.status === 'active' ? undefined : 'dimmed'} td={allergy.status === 'active' ? undefined : 'line-through'}>{allergy.substance}</Text>
          <Badge size="xs" variant="outline" color="gray" tt="none">{t(`allergies.type.${allergy.type}`)}</Badge>
          {allergy.severity && <Badge size="xs" variant="light" color={SEVERITY_COLORS[allergy.severity]} tt="none">{t(`allergies.severity.${allergy.severity}`)}</Badge>}
        </Group>
        {allergy.reaction && <Text size="xs" c="dimmed">{allergy.reaction}</Text>}
      </Stack>
      {canWrite ? (
        <Select
          size="xs" w={140} allowDeselect={false} value={allergy.status}
          aria-label={t('allergies.form.status')}
          data={ALLERGY_STATUSES.map((s) => ({ value: s, label: t(`allergies.status.${s}`) }))}
          onChange={(s) => s && s !== allergy.status && update.mutate({ id: allergy._id, body: { status: s as AllergyStatus, version: allergy.version } })}
          data-testid="allergy-status"
        />
      ) : <Badge variant="light" color="gray" tt="none">{t(`allergies.status.${allergy.status}`)}</Badge>}
    </Group>
  );
}

/** The patient's allergies: the banner, every entry with its status, adding one, and recording "no known allergies". */
export function AllergiesPanel({ patientId, encounterId }: { patientId: string; encounterId?: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('clinical_write');
  const query = useAllergies(patientId);
  const nka = useRecordNoKnownAllergies(patientId);
  const [adding, setAdding] = useState(false);
  const allergies = query.data?.allergies ?? [];
  const hasActive = allergies.some((a) => a.status === 'active');
  return (
    <Card withBorder padding="md" data-testid="allergies-panel">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text fw={600}>{t('allergies.panel.title')}</Text>
        {canWrite && !adding && (
          <Group gap="xs">
            {query.data && query.data.state !== 'none' && !hasActive && (
              <Button size="compact-sm" variant="light" color="teal" leftSection={<IconShieldCheck size={14} />} loading={nka.isPending} onClick={() => nka.mutate()} data-testid="allergy-record-nka">
                {t('allergies.panel.recordNone')}
              </Button>
            )}
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="allergy-add">{t('allergies.panel.add')}</Button>
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        <AllergyBanner patientId={patientId} />
        {adding && <AllergyForm patientId={patientId} {...(encounterId ? { encounterId } : {})} onDone={() => setAdding(false)} />}
        {allergies.length > 0 && <Stack gap={0}>{allergies.map((a) => <AllergyRow key={a._id} patientId={patientId} allergy={a} canWrite={canWrite} />)}</Stack>}
      </Stack>
    </Card>
  );
}
