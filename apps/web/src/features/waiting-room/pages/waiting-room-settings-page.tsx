import { Link } from 'react-router';
import { Button, Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowBack } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { ClinicPicker } from '../components/clinic-picker';
import { DisplaysCard } from '../components/displays-card';
import { SettingsForm } from '../components/settings-form';
import { useClinicPeople } from '../hooks/use-clinic-doctors';
import { usePageClinic } from '../hooks/use-page-clinic';

/** A clinic's waiting room settings and, for those who may change the clinic, its displays. */
export default function WaitingRoomSettingsPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('clinic_write');
  const { clinics, clinicId, pick } = usePageClinic();
  const people = useClinicPeople(clinicId);
  return (
    <Stack gap="md" data-testid="waiting-room-settings-page">
      <Card padding="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <ClinicPicker clinics={clinics} value={clinicId} onChange={pick} />
          {clinicId && can('appointment_read') && (
            <Button component={Link} to={`/waiting-room?clinic=${clinicId}`} variant="subtle" leftSection={<IconArrowBack size={16} />}>{t('waitingRoom.board.open')}</Button>
          )}
        </Group>
      </Card>
      {!clinicId || people.loading ? <Skeleton height={260} radius="md" /> : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: canWrite ? 7 : 12 }}>
            <SettingsForm key={clinicId} clinicId={clinicId} doctors={people.doctors} services={people.services} canWrite={canWrite} />
          </Grid.Col>
          {canWrite && (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <DisplaysCard key={clinicId} clinicId={clinicId} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
