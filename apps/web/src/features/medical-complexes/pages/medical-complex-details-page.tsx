import { useState } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconBuildingHospital, IconEdit, IconStethoscope, IconTrash, IconUserHeart } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, ContactLinks, DetailsFrame, InfoItem, RefList, SectionCard, StatTile, StatusBadge } from '@/components/details';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { HolidaysTable, WorkingDaysGrid } from '@/features/organisation/components/org-details';
import { useClinicCollection } from '../api/get-complex';
import { useDeleteClinicCollection } from '../api/delete-complex';

export default function MedicalComplexDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { can } = useSession();
  const complex = useClinicCollection(id);
  const remove = useDeleteClinicCollection();
  const [confirming, setConfirming] = useState(false);

  return (
    <DetailsFrame query={complex} notFound={t('medicalComplexes.empty')} back={{ to: '/medicalComplexes', label: t('medicalComplexes.backToList') }}>
      {(c) => {
        const canWrite = can('complex_write');
        const established = new Date(c.yearOfEstablishment ?? c.createdAt).getFullYear();

        return (
          <Stack gap="lg" data-testid="complex-details">
            <BackLink to="/medicalComplexes" label={t('medicalComplexes.backToList')} />
            <Card>
              <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
                <Group gap="lg" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 18rem' }}>
                  <Avatar src={c.logo} size={72} radius="md" color="clinic" alt={c.name}>
                    <IconBuildingCommunity size={34} stroke={1.5} />
                  </Avatar>
                  <Stack gap={6} style={{ minWidth: 0 }}>
                    <Title order={2} fz={{ base: 'h3', sm: 'h2' }} data-testid="complex-title" style={{ overflowWrap: 'anywhere' }}>{c.name}</Title>
                    <Group gap="xs">
                      <Badge variant="outline" color="gray" tt="none" ff="monospace">{c.publicId}</Badge>
                      <StatusBadge active={c.isActive} />
                      {established && <Badge variant="light" color="gray" tt="none">{t('medicalComplexes.details.established', { year: established })}</Badge>}
                    </Group>
                    {c.website && <Text size="sm" c="dimmed" dir="ltr">{c.website}</Text>}
                  </Stack>
                </Group>
                <Stack gap="sm" align="flex-end">
                  <ContactLinks contacts={[...(c.email ? [{ type: 'email', value: c.email }] : []), ...(c.phone ? [{ type: 'phone', value: c.phone }] : []), ...c.contactInfos]} location={c.locationGoogl} />
                  {canWrite && (
                    <Group gap="sm">
                      <Button component={Link} to={`/medicalComplexes/edit/${c._id}`} variant="light" leftSection={<IconEdit size={16} />} data-testid="complex-edit">{t('organisation.actions.edit')}</Button>
                      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="complex-delete">{t('organisation.actions.delete')}</Button>
                    </Group>
                  )}
                </Stack>
              </Group>
            </Card>

            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
              <StatTile label={t('organisation.stats.clinics')} value={c.clinicsCount} icon={<IconBuildingHospital size={22} />} testId="complex-clinic-count" />
              <StatTile label={t('organisation.stats.patients')} value={c.patientsCount} icon={<IconUserHeart size={22} />} testId="complex-patient-count" />
              <StatTile label={t('organisation.stats.doctors')} value={c.doctorsCount} icon={<IconStethoscope size={22} />} testId="complex-doctor-count" />
            </SimpleGrid>

            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  <SectionCard title={t('medicalComplexes.details.about')}>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <InfoItem label={t('organisation.fields.pic')} value={c.PIC?.name} />
                      <InfoItem label={t('organisation.fields.country')} value={[c.country, c.stateProvince, c.zipCode].filter(Boolean).join(', ')} />
                      <InfoItem label={t('organisation.fields.address')} value={c.address} />
                      <InfoItem label={t('organisation.fields.phone')} value={c.phone} />
                    </SimpleGrid>
                    <Stack gap="md" mt="md">
                      <InfoItem label={t('organisation.fields.overview')} value={c.overview} />
                      <InfoItem label={t('organisation.fields.vision')} value={c.vision} />
                      <InfoItem label={t('organisation.fields.goals')} value={c.goals} />
                      <InfoItem label={t('organisation.fields.policies')} value={c.policies} />
                      {c.details && <InfoItem label={t('organisation.fields.details')} value={c.details} />}
                    </Stack>
                  </SectionCard>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                    <SectionCard title={t('medicalComplexes.details.departments')} testId="complex-departments">
                      <RefList items={c.departments} emptyText={t('medicalComplexes.details.noDepartments')} linkTo={(d) => `/departements/details/${d}`} />
                    </SectionCard>
                    <SectionCard title={t('medicalComplexes.details.clinics')} testId="complex-clinics">
                      <RefList items={c.clinics} emptyText={t('medicalComplexes.details.noClinics')} linkTo={(cl) => `/clinics/details/${cl}`} />
                    </SectionCard>
                    <SectionCard title={t('medicalComplexes.details.specialities')}>
                      <RefList items={c.specializations} emptyText={t('medicalComplexes.details.noSpecialities')} />
                    </SectionCard>
                    <SectionCard title={t('medicalComplexes.details.doctors')}>
                      <RefList items={c.doctors} emptyText={t('medicalComplexes.details.noDoctors')} linkTo={(d) => `/doctors/details/${d}`} />
                    </SectionCard>
                  </SimpleGrid>
                  <SectionCard title={t('medicalComplexes.details.staff')}>
                    <RefList items={c.staff} emptyText={t('medicalComplexes.details.noStaff')} linkTo={(s) => `/employees/details/${s}`} />
                  </SectionCard>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <SectionCard title={t('medicalComplexes.form.workingDays')}>
                    <WorkingDaysGrid rows={c.workingDays} />
                  </SectionCard>
                  <SectionCard title={t('organisation.holidays.title')}>
                    <HolidaysTable holidays={c.holidays} />
                  </SectionCard>
                </Stack>
              </Grid.Col>
            </Grid>

            <ConfirmDialog
              opened={confirming}
              title={t('medicalComplexes.delete.title')}
              text={t('medicalComplexes.delete.text', { name: c.name })}
              confirmLabel={t('organisation.actions.delete')}
              confirmColor="red"
              loading={remove.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => remove.mutate(c._id, { onSuccess: () => void navigate('/medicalComplexes'), onSettled: () => setConfirming(false) })}
            />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
