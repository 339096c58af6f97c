import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAddressBook, IconBuildingHospital, IconClockHour4, IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeRecord } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { EmptyState } from '@/components/empty-state';
import { ContactList, DetailsCard, EmployeeAvatar, InfoGrid, PersonInfo, VacationsTable, WorkingHoursTable, formatDate, formatDateTime } from '@/features/employees';
import { CalendarFeedsCard } from '@/features/calendar-feeds';
import { useSession, useSessionPreferences } from '@/lib/session-context';
import { useMyProfile } from '../api/get-my-profile';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { DisplaySettingsCard } from '../components/display-settings-card';

/** /myProfile: an Admin sees a reduced view with the password change; everyone else their full record. */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  const [changing, setChanging] = useState(false);
  const session = useSession();
  const preferences = useSessionPreferences();

  if (profile.isPending) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">{t('myProfile.loading')}</Text>
      </Stack>
    );
  }
  if (profile.isError) return <Card><EmptyState title={profile.error.message} /></Card>;
  const me = profile.data;
  const passwordButton = (
    <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setChanging(true)} data-testid="open-change-password">
      {t('myProfile.password.link')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="my-profile">
      <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('myProfile.title')}</Title>
      {me.employeeType === 'Admin' ? <AdminView me={me} action={passwordButton} /> : <FullView me={me} action={passwordButton} />}
      {preferences && <DisplaySettingsCard preferences={preferences} />}
      {(me.employeeType === 'Doctor' || session.can('admin')) && (
        <CalendarFeedsCard me={me} admin={session.can('admin')} />
      )}
      <ChangePasswordDialog opened={changing} onClose={() => setChanging(false)} />
    </Stack>
  );
}

function Header({ me, action }: { me: EmployeeRecord; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Group gap="lg" wrap="wrap" align="center">
        <EmployeeAvatar src={me.image?.url} name={me.name} size={96} radius={48} />
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="sm"><Title order={3}>{me.name}</Title><StatusBadge active={me.isActive} /></Group>
          <Text size="sm" c="dimmed">@{me.username}</Text>
          <Group gap={6}>{me.roleIds.map((r) => <Badge key={r._id} variant="outline" color="gray" tt="none">{t(`common.roles.${r.name}`, { defaultValue: r.name })}</Badge>)}</Group>
        </Stack>
        {action}
      </Group>
    </Card>
  );
}

/** The Admin's reduced view: picture, user name, user id and role, read-only. */
function AdminView({ me, action }: { me: EmployeeRecord; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="my-profile-admin">
      <Header me={me} action={action} />
      <DetailsCard title={t('myProfile.account')} icon={<IconUser size={18} />}>
        <InfoGrid>
          <PersonInfo label={t('myProfile.fields.userName')} value={me.username} />
          <PersonInfo label={t('myProfile.fields.userId')} value={me.publicId} />
          <PersonInfo label={t('myProfile.fields.role')} value={me.roleIds.map((r) => t(`common.roles.${r.name}`, { defaultValue: r.name })).join(', ')} />
          <PersonInfo label={t('myProfile.fields.lastLogin')} value={me.lastLoginAt ? formatDateTime(me.lastLoginAt) : t('people.never')} />
        </InfoGrid>
      </DetailsCard>
    </Stack>
  );
}

function FullView({ me, action }: { me: EmployeeRecord; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="my-profile-full">
      <Header me={me} action={action} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <DetailsCard title={t('people.sections.personal')} icon={<IconUser size={18} />}>
              <InfoGrid>
                <PersonInfo label={t('myProfile.fields.userId')} value={me.publicId} />
                <PersonInfo label={t('people.fields.identity')} value={me.identity} />
                <PersonInfo label={t('people.fields.dateOfBirth')} value={formatDate(me.dateOfBirth)} />
                <PersonInfo label={t('people.fields.gender')} value={me.gender ? t(`people.genders.${me.gender}`) : null} />
                <PersonInfo label={t('people.fields.nationality')} value={me.nationality ? t(`people.nationalities.${me.nationality}`, { defaultValue: me.nationality }) : null} />
                <PersonInfo label={t('people.fields.maritalStatus')} value={me.marital_status ? t(`people.maritalStatuses.${me.marital_status}`) : null} />
                <PersonInfo label={t('people.fields.numberOfChildren')} value={me.number_children ?? null} />
                <PersonInfo label={t('people.fields.address')} value={me.address} />
              </InfoGrid>
            </DetailsCard>
            <DetailsCard title={t('people.sections.contacts')} icon={<IconAddressBook size={18} />}>
              <ContactList contacts={me.contactInfos} />
            </DetailsCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <DetailsCard title={t('people.sections.employment')} icon={<IconBuildingHospital size={18} />}>
              <InfoGrid>
                <PersonInfo label={t('people.fields.jobTitle')} value={me.jobTitle} />
                <PersonInfo label={t('people.fields.jobType')} value={me.jobType ? t(`people.jobTypes.${me.jobType}`) : null} />
                <PersonInfo label={t('people.fields.hireDate')} value={formatDate(me.hireDate)} />
                <PersonInfo label={t('people.fields.clinics')} value={me.clinics.map((c) => c.name).join(', ')} />
                <PersonInfo label={t('people.fields.specialities')} value={me.specializations.map((s) => s.name).join(', ')} />
                <PersonInfo label={t('myProfile.fields.lastLogin')} value={me.lastLoginAt ? formatDateTime(me.lastLoginAt) : t('people.never')} />
              </InfoGrid>
            </DetailsCard>
            <DetailsCard title={t('people.sections.workingHours')} icon={<IconClockHour4 size={18} />}>
              <WorkingHoursTable hours={me.workingHours} breaks={me.breakTimes} />
            </DetailsCard>
            <DetailsCard title={t('people.sections.vacations')}>
              <VacationsTable records={me.vacationRecords} />
            </DetailsCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
