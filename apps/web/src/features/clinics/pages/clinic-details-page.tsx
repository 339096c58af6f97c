import { useState } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconEdit, IconStethoscope, IconTrash, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, ContactLinks, ContactList, DetailsFrame, InfoItem, RefList, SectionCard, StatTile, StatusBadge } from '@/components/details';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { HolidaysTable, WorkingHoursGrid, establishedText } from '@/features/organisation/components/org-details';
import { FinanceSummary } from '@/features/organisation/components/finance-summary';
import { useClinic } from '../api/get-clinic';
import { useClinicPatientCount } from '../api/get-clinic-patient-count';
import { useDeleteClinic } from '../api/delete-clinic';

export default function ClinicDetailsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { can } = useSession();
  const clinic = useClinic(id);
  const patientCount = useClinicPatientCount(id);
  const remove = useDeleteClinic();
  const [confirming, setConfirming] = useState(false);

  return (
    <DetailsFrame query={clinic} notFound={t('clinics.detailsEmpty')} back={{ to: '/clinics', label: t('clinics.backToList') }}>
      {(c) => {
        const canWrite = can('clinic_write');

        return (
          <Stack gap="lg" data-testid="clinic-details">
            <BackLink to="/clinics" label={t('clinics.backToList')} />
            <Card>
              <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
                <Group gap="lg" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 18rem' }}>
                  <Avatar src={c.logo} size={72} radius="md" color="clinic" alt={c.name}>
                    <IconBuildingHospital size={34} stroke={1.5} />
                  </Avatar>
                  <Stack gap={6} style={{ minWidth: 0 }}>
                    <Title order={2} fz={{ base: 'h3', sm: 'h2' }} data-testid="clinic-title" style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Title>
                    <Group gap="xs">
                      <Badge variant="outline" color="gray" tt="none" ff="monospace">{c.publicId}</Badge>
                      <StatusBadge active={c.isActive} />
                      <Badge variant="light" tt="none" data-testid="clinic-visit-length">{t('clinics.details.visitLength', { minutes: c.AverageDurationOfVisit })}</Badge>
                      <Badge variant="light" color="gray" tt="none">{c.timeZone}</Badge>
                    </Group>
                    {c.specializations.length > 0 && (
                      <Group gap={4}>
                        {c.specializations.map((s) => <Badge key={s._id} variant="dot" tt="none">{s.name}</Badge>)}
                      </Group>
                    )}
                  </Stack>
                </Group>
                <Stack gap="sm" align="flex-end">
                  <ContactLinks contacts={c.contactInfos} location={c.locationGoogl} />
                  {canWrite && (
                    <Group gap="sm">
                      <Button component={Link} to={`/clinics/edit/${c._id}`} variant="light" leftSection={<IconEdit size={16} />} data-testid="clinic-edit">
                        {t('organisation.actions.edit')}
                      </Button>
                      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="clinic-delete">
                        {t('organisation.actions.delete')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Group>
            </Card>

            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
              <StatTile label={t('organisation.stats.staff')} value={c.staffCount} icon={<IconUsers size={22} />} testId="clinic-staff-count" />
              <StatTile label={t('organisation.stats.patients')} value={patientCount.data ?? c.patientsCount} icon={<IconUserHeart size={22} />} testId="clinic-patient-count" />
              <StatTile label={t('organisation.stats.doctors')} value={c.doctorsCount} icon={<IconStethoscope size={22} />} testId="clinic-doctor-count" />
            </SimpleGrid>

            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  <SectionCard title={t('clinics.details.about')}>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <InfoItem label={t('organisation.fields.pic')} value={c.PIC?.name} />
                      <InfoItem label={t('organisation.fields.yearOfEstablishment')} value={establishedText(c.yearOfEstablishment, i18n.language)} />
                      <InfoItem label={t('organisation.fields.department')} value={c.department?.name} />
                      <InfoItem label={t('organisation.fields.complex')} value={c.clinicCollection?.name} />
                      <InfoItem label={t('organisation.fields.address')} value={c.address} />
                      <InfoItem label={t('clinics.form.averageVisit')} value={t('clinics.details.visitLength', { minutes: c.AverageDurationOfVisit })} />
                    </SimpleGrid>
                    <Stack gap="md" mt="md">
                      <InfoItem label={t('organisation.fields.overview')} value={c.overview} />
                      <InfoItem label={t('organisation.fields.vision')} value={c.vision} />
                      <InfoItem label={t('organisation.fields.goals')} value={c.goals} />
                    </Stack>
                  </SectionCard>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                    <SectionCard title={t('clinics.details.services')} testId="clinic-services">
                      <RefList items={c.services} emptyText={t('clinics.details.noServices')} withIds={false} linkTo={(sid) => `/services/details/${sid}`} />
                    </SectionCard>
                    <SectionCard title={t('clinics.details.doctors')} testId="clinic-doctors">
                      <RefList items={c.doctors} emptyText={t('clinics.details.noDoctors')} withIds={false} linkTo={(did) => `/doctors/details/${did}`} />
                    </SectionCard>
                    <SectionCard title={t('clinics.details.staff')} testId="clinic-staff">
                      <RefList items={c.employees} emptyText={t('clinics.details.noStaff')} withIds={false} linkTo={(eid) => `/employees/details/${eid}`} />
                    </SectionCard>
                  </SimpleGrid>
                  <FinanceSummary bankAccount={c.bankAccount} insuranceCompany={c.insuranceCompany} cashBoxes={c.cashBoxes} onlinePaymentMethods={c.onlinePaymentMethods} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <SectionCard title={t('clinics.form.workingHours')} testId="clinic-hours">
                    <WorkingHoursGrid entries={c.WorkingHours} />
                  </SectionCard>
                  <SectionCard title={t('organisation.holidays.title')}>
                    <HolidaysTable holidays={c.holidays} />
                  </SectionCard>
                  <SectionCard title={t('organisation.contacts.title')}>
                    <ContactList contacts={c.contactInfos} />
                  </SectionCard>
                </Stack>
              </Grid.Col>
            </Grid>

            <ConfirmDialog
              opened={confirming}
              title={t('clinics.delete.title')}
              text={<Text size="sm">{t('clinics.delete.text', { name: c.name })}</Text>}
              confirmLabel={t('organisation.actions.delete')}
              confirmColor="red"
              loading={remove.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() =>
                remove.mutate(c._id, {
                  onSuccess: () => void navigate('/clinics'),
                  onSettled: () => setConfirming(false),
                })
              }
            />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
