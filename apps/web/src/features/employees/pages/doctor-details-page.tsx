import { useState } from 'react';
import {
  Badge, Button, Card, Divider, Grid, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, ThemeIcon, Title,
} from '@mantine/core';
import {
  IconAddressBook, IconBeach, IconBuildingHospital, IconCalendarEvent, IconChartBar, IconClockHour4, IconEdit, IconTrash,
  IconUserOff, IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmployeeStatsPeriod } from '@clinic/shared';
import { DetailsFrame, StatTile, StatusBadge } from '@/components/details';
import { useEmployee } from '../api/get-employee';
import { useEmployeeStats } from '../api/get-employee-stats';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeeAvatar } from '../components/employee-avatar';
import { ContactList, DetailsCard, InfoGrid, PersonInfo, VacationsTable, WorkingHoursTable } from '../components/employee-details-blocks';
import { BackHeader } from '../components/form-page-header';
import { formatDate, formatDateTime } from '../components/employee-format';
import { useSession } from '@/lib/session-context';
import { DoctorStatsChart } from '../components/doctor-stats-chart';
import { formatNumber } from '@/lib/dates';

/** /doctors/details/{id}: the doctor's profile, statistics from real appointments, schedule, patients and work places. */
export default function DoctorDetailsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user, can } = useSession();
  const [period, setPeriod] = useState<EmployeeStatsPeriod>('7d');
  const [deleting, setDeleting] = useState(false);
  const doctor = useEmployee(id);
  const stats = useEmployeeStats(id, period);

  return (
    <DetailsFrame query={doctor} notFound={t('doctors.notFound')} icon={<IconUserOff stroke={1.6} />} back={{ to: '/doctors', label: t('doctors.back') }}>
      {(d) => {
        const fee = d.consultation_fee === null ? null : formatNumber(d.consultation_fee, i18n.language, { maximumFractionDigits: 2 });

        return (
          <Stack gap="lg" data-testid="doctor-details">
            <BackHeader
              to="/doctors"
              backLabel={t('doctors.back')}
              title={t('doctors.detailsTitle')}
              actions={
                // An administrator is changed and removed by administrators only (the API refuses anyone else).
                can('employee_write') && (!d.administrator || can('admin')) && (
                  <>
                    <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => void navigate(`/employees/edit/${d._id}`)}>{t('people.actions.edit')}</Button>
                    {d._id !== user?.userId && (
                      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="delete-doctor">{t('people.actions.delete')}</Button>
                    )}
                  </>
                )
              }
            />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Card h="100%" data-testid="doctor-profile-card">
                  <Stack gap="md">
                    <Stack align="center" gap={6} ta="center">
                      <EmployeeAvatar src={d.image?.url} name={d.name} size={112} radius={56} />
                      <Title order={3} data-testid="doctor-name">{d.name}</Title>
                      <Text size="sm" c="dimmed">{d.jobTitle ?? t('common.employeeTypes.Doctor')}</Text>
                      <Group gap={6} justify="center">
                        {d.specializations.map((s) => <Badge key={s._id} tt="none">{s.name}</Badge>)}
                        <StatusBadge active={d.isActive} />
                      </Group>
                      <Text size="xs" c="dimmed" ff="monospace">{d.publicId}</Text>
                    </Stack>
                    <Divider />
                    <InfoGrid>
                      <PersonInfo label={t('people.fields.dateOfBirth')} value={formatDate(d.dateOfBirth)} />
                      <PersonInfo label={t('people.fields.gender')} value={d.gender ? t(`people.genders.${d.gender}`) : null} />
                      <PersonInfo label={t('people.fields.maritalStatus')} value={d.marital_status ? t(`people.maritalStatuses.${d.marital_status}`) : null} />
                      <PersonInfo label={t('people.fields.numberOfChildren')} value={d.number_children ?? null} />
                      <PersonInfo label={t('people.fields.identity')} value={d.identity} />
                      <PersonInfo label={t('people.fields.nationality')} value={d.nationality ? t(`people.nationalities.${d.nationality}`, { defaultValue: d.nationality }) : null} />
                      <PersonInfo label={t('people.fields.languages')} value={d.Languages.map((l) => t(`people.languages.${l}`, { defaultValue: l })).join(', ')} />
                      <PersonInfo label={t('people.fields.medicalLicenseNumber')} value={d.medicalLicenseNumber} />
                      <PersonInfo label={t('people.fields.consultationFee')} value={fee} />
                      <PersonInfo label={t('people.fields.onCall')} value={d.on_call ? t('people.yes') : t('people.no')} />
                      <PersonInfo label={t('people.fields.hireDate')} value={formatDate(d.hireDate)} />
                      <PersonInfo label={t('people.fields.jobType')} value={d.jobType ? t(`people.jobTypes.${d.jobType}`) : null} />
                    </InfoGrid>
                    <PersonInfo label={t('people.fields.professionalExperience')} value={d.professional_experience} />
                    <PersonInfo label={t('people.fields.qualifications')} value={d.Qualifications} />
                    <Stack gap={4}>
                      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('people.fields.certifications')}</Text>
                      {d.certifications.length ? (
                        <Group gap={6}>{d.certifications.map((c) => <Badge key={c} variant="outline" color="gray" tt="none">{c}</Badge>)}</Group>
                      ) : <Text size="sm" c="dimmed">—</Text>}
                    </Stack>
                    <Divider />
                    <Group gap="xs"><IconAddressBook size={16} /><Text size="sm" fw={600}>{t('people.sections.contacts')}</Text></Group>
                    <ContactList contacts={d.contactInfos} />
                  </Stack>
                </Card>
              </Grid.Col>

              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack gap="lg">
                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
                    <StatTile icon={<IconUsers size={20} />} label={t('doctors.stats.totalPatients')} value={stats.data?.totalPatients} valueTestId="total-patients" />
                    <StatTile icon={<IconCalendarEvent size={20} />} label={t('doctors.stats.periodAppointments')} value={stats.data?.totals.appointments} />
                    <StatTile icon={<IconChartBar size={20} />} label={t('doctors.stats.periodPatients')} value={stats.data?.totals.patients} />
                  </SimpleGrid>
                  <DetailsCard
                    title={t('doctors.stats.title')}
                    icon={<IconChartBar size={18} />}
                    action={
                      <SegmentedControl
                        size="xs"
                        value={period}
                        onChange={(v) => setPeriod(v as EmployeeStatsPeriod)}
                        data={[
                          { value: '7d', label: t('doctors.stats.last7') },
                          { value: '30d', label: t('doctors.stats.last30') },
                          { value: 'month', label: t('doctors.stats.thisMonth') },
                        ]}
                        data-testid="stats-period"
                      />
                    }
                    testId="doctor-stats"
                  >
                    {stats.data ? <DoctorStatsChart stats={stats.data} /> : stats.isError ? <Text c="dimmed" size="sm">{stats.error.message}</Text> : <Stack align="center" py="xl"><Loader size="sm" /></Stack>}
                  </DetailsCard>
                  <Grid gap="lg">
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <DetailsCard title={t('doctors.schedule.title')} icon={<IconCalendarEvent size={18} />} testId="doctor-schedule">
                        {stats.data?.upcoming.length ? (
                          <Stack gap="xs">
                            {stats.data.upcoming.map((a) => (
                              <Group key={a._id} gap="sm" wrap="nowrap" align="flex-start">
                                <ThemeIcon variant="light" size={30} radius="md"><IconCalendarEvent size={16} /></ThemeIcon>
                                <Stack gap={0} style={{ minWidth: 0 }}>
                                  <Text size="sm" fw={600} truncate>{a.patient.name}</Text>
                                  <Text size="xs" c="dimmed">{formatDateTime(a.startsAt)} · {a.service.name} · {a.clinic.name}</Text>
                                </Stack>
                              </Group>
                            ))}
                          </Stack>
                        ) : <Text size="sm" c="dimmed">{t('doctors.schedule.empty')}</Text>}
                      </DetailsCard>
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <DetailsCard title={t('people.sections.workPlaces')} icon={<IconBuildingHospital size={18} />} testId="doctor-work-places">
                        <Stack gap="sm">
                          <PersonInfo label={t('people.fields.clinics')} value={d.clinics.length ? <Group gap={6} component="span">{d.clinics.map((c) => <Badge key={c._id} variant="light" color="gray" tt="none">{c.name}</Badge>)}</Group> : null} />
                          <PersonInfo label={t('people.fields.department')} value={d.departmentId?.name} />
                          <PersonInfo label={t('people.fields.medicalComplex')} value={d.clinicCollectionId?.name} />
                        </Stack>
                      </DetailsCard>
                    </Grid.Col>
                  </Grid>
                  <DetailsCard title={t('doctors.patients.title')} icon={<IconUsers size={18} />} testId="doctor-patients">
                    {stats.data?.patients.length ? (
                      <Table.ScrollContainer minWidth={480} type="native">
                        <Table verticalSpacing={6} highlightOnHover>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t('doctors.patients.id')}</Table.Th>
                              <Table.Th>{t('doctors.patients.name')}</Table.Th>
                              <Table.Th>{t('doctors.patients.visits')}</Table.Th>
                              <Table.Th>{t('doctors.patients.lastVisit')}</Table.Th>
                              <Table.Th>{t('doctors.patients.nextVisit')}</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {stats.data.patients.map((p) => (
                              <Table.Tr key={p._id} style={{ cursor: 'pointer' }} onClick={() => void navigate(`/patients/details/${p._id}`)}>
                                <Table.Td><Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{p.publicId}</Text></Table.Td>
                                <Table.Td><Text size="sm" fw={500}>{p.name}</Text></Table.Td>
                                <Table.Td>{p.visits}</Table.Td>
                                <Table.Td>{formatDate(p.lastVisit)}</Table.Td>
                                <Table.Td>{formatDate(p.nextVisit)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                    ) : <Text size="sm" c="dimmed">{t('doctors.patients.empty')}</Text>}
                  </DetailsCard>
                  <Grid gap="lg">
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <DetailsCard title={t('people.sections.workingHours')} icon={<IconClockHour4 size={18} />} testId="details-working-hours">
                        <WorkingHoursTable hours={d.workingHours} breaks={d.breakTimes} />
                      </DetailsCard>
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <DetailsCard title={t('people.sections.vacations')} icon={<IconBeach size={18} />}>
                        <VacationsTable records={d.vacationRecords} />
                      </DetailsCard>
                    </Grid.Col>
                  </Grid>
                </Stack>
              </Grid.Col>
            </Grid>
            <DeleteEmployeeDialog target={deleting ? { id: d._id, name: d.name } : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/doctors')} />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
