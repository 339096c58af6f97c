import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconNotes } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { usePatientEncounters } from '../api/encounters';

/** The patient page's clinical area: the latest encounters, each leading to its note (clinicians only). */
export function PatientEncounters({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const list = usePatientEncounters(patientId);
  if (!can('clinical_read')) return null;
  const rows = list.data?.data ?? [];
  return (
    <Card padding="md" withBorder data-testid="patient-encounters">
      <Stack gap="sm">
        <Group gap={6}><IconNotes size={18} /><Title order={3} fz="md">{t('encounter.list.title')}</Title></Group>
        {rows.length === 0 && <Text size="sm" c="dimmed">{t('encounter.list.none')}</Text>}
        {rows.map((e) => (
          <Group key={e._id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/encounters/${e._id}`} size="sm" fw={600}>{formatDateTime(e.openedAt, i18n.language)}</Anchor>
              <Text size="xs" c="dimmed" truncate="end">{[e.doctor.name, e.clinic?.name].filter(Boolean).join(' · ')}</Text>
            </Stack>
            {e.status === 'signed'
              ? <Badge color="teal" variant="light" leftSection={<IconLock size={11} />}>{t('encounter.status.signed')}</Badge>
              : <Badge variant="light">{t('encounter.status.open')}</Badge>}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
