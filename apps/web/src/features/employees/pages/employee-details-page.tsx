import { useState } from 'react';
import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAddressBook, IconBuildingHospital, IconClockHour4, IconEdit, IconTrash, IconUser, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsFrame, StatusBadge } from '@/components/details';
import { useSession } from '@/lib/session-context';
import { useEmployee } from '../api/get-employee';
import { IncompleteBadge, InvitationBadge } from '../components/invitation-badges';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeeAvatar } from '../components/employee-avatar';
import { ContactList, DetailsCard, InfoGrid, PersonInfo, VacationsTable, WorkingHoursTable } from '../components/employee-details-blocks';
import { BackHeader } from '../components/form-page-header';
import { formatDate } from '../components/employee-format';
import { PersonSessionsCard } from '@/features/security';

/** /employees/details/{id}: a staff member's record (refetched when the window regains focus). */
export default function EmployeeDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user, can } = useSession();
  const employee = useEmployee(id, { refetchOnFocus: true });
  const [deleting, setDeleting] = useState(false);

  return (
    <DetailsFrame query={employee} notFound={t('employees.notFound')} icon={<IconUserOff stroke={1.6} />} back={{ to: '/employees', label: t('employees.back') }}>
      {(e) => {
        // An administrator is changed and removed by administrators only (the API refuses anyone else).
        const protectedAdmin = e.administrator && !can('admin');
        const canWrite = can('employee_write', 'user_update') && !protectedAdmin;
        const isSelf = e._id === user?.userId;

        return (
          <Stack gap="lg" data-testid="employee-details">
            <BackHeader
              to="/employees"
              backLabel={t('employees.back')}
              title={t('employees.detailsTitle')}
              actions={
                canWrite && (
                  <>
                    <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => void navigate(`/employees/edit/${e._id}`)} data-testid="edit-employee">
                      {t('people.actions.edit')}
                    </Button>
                    {!isSelf && can('employee_write', 'user_delete') && (
                      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="delete-employee">
                        {t('people.actions.delete')}
                      </Button>
                    )}
                  </>
                )
              }
            />
            <Card>
              <Group gap="lg" wrap="wrap" align="center">
                <EmployeeAvatar src={e.image?.url} name={e.name} size={96} radius={48} />
                <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                  <Group gap="sm" wrap="wrap">
                    <Title order={3} data-testid="employee-name">{e.name}</Title>
                    <StatusBadge active={e.isActive} />
                    <InvitationBadge invitation={e.invitation} />
                    <IncompleteBadge incomplete={e.incomplete} editTo={canWrite ? `/employees/edit/${e._id}` : null} />
                  </Group>
                  <Text c="dimmed" size="sm" ff="monospace">{e.publicId}</Text>
                  <Text size="sm">
                    {[e.jobTitle, t(`common.employeeTypes.${e.employeeType}`, { defaultValue: e.employeeType })].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Card>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="lg">
                  <DetailsCard title={t('people.sections.personal')} icon={<IconUser size={18} />}>
                    <InfoGrid>
                      <PersonInfo label={t('people.fields.dateOfBirth')} value={formatDate(e.dateOfBirth)} />
                      <PersonInfo label={t('people.fields.gender')} value={e.gender ? t(`people.genders.${e.gender}`) : null} />
                      <PersonInfo label={t('people.fields.identity')} value={e.identity} />
                      <PersonInfo label={t('people.fields.nationality')} value={e.nationality ? t(`people.nationalities.${e.nationality}`, { defaultValue: e.nationality }) : null} />
                      <PersonInfo label={t('people.fields.maritalStatus')} value={e.marital_status ? t(`people.maritalStatuses.${e.marital_status}`) : null} />
                      <PersonInfo label={t('people.fields.numberOfChildren')} value={e.number_children ?? null} />
                      <PersonInfo label={t('people.fields.languages')} value={e.Languages.map((l) => t(`people.languages.${l}`, { defaultValue: l })).join(', ')} />
                      <PersonInfo label={t('people.fields.address')} value={e.address} />
                    </InfoGrid>
                  </DetailsCard>
                  <DetailsCard title={t('people.sections.contacts')} icon={<IconAddressBook size={18} />}>
                    <ContactList contacts={e.contactInfos} />
                  </DetailsCard>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="lg">
                  <DetailsCard title={t('people.sections.employment')} icon={<IconBuildingHospital size={18} />}>
                    <InfoGrid>
                      <PersonInfo label={t('people.fields.hireDate')} value={formatDate(e.hireDate)} testId="hire-date" />
                      <PersonInfo label={t('people.fields.jobType')} value={e.jobType ? t(`people.jobTypes.${e.jobType}`) : null} />
                      <PersonInfo label={t('people.fields.department')} value={e.departmentId?.name} />
                      <PersonInfo label={t('people.fields.medicalComplex')} value={e.clinicCollectionId?.name} />
                      <PersonInfo label={t('people.fields.clinics')} value={e.clinics.map((c) => c.name).join(', ')} />
                      <PersonInfo label={t('people.fields.professionalExperience')} value={e.professional_experience} />
                    </InfoGrid>
                  </DetailsCard>
                  <DetailsCard title={t('people.sections.workingHours')} icon={<IconClockHour4 size={18} />} testId="details-working-hours">
                    <WorkingHoursTable hours={e.workingHours} breaks={e.breakTimes} />
                  </DetailsCard>
                  <DetailsCard title={t('people.sections.vacations')}>
                    <VacationsTable records={e.vacationRecords} />
                  </DetailsCard>
                  {can('user_update') && !protectedAdmin && e.hasAccount && <PersonSessionsCard employeeId={e._id} />}
                </Stack>
              </Grid.Col>
            </Grid>
            <DeleteEmployeeDialog target={deleting ? { id: e._id, name: e.name } : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/employees')} />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
