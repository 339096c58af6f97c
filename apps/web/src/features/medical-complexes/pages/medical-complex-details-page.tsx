import { Badge, Grid, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconBuildingHospital, IconStethoscope, IconUserHeart } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, DetailsFrame, InfoItem, RecordHeader, RefList, SectionCard, StatTile } from '@/components/details';
import { useSession } from '@/lib/session-context';
import { HolidaysTable, WorkingDaysGrid } from '@/features/organisation/components/org-details';
import { useClinicCollection } from '../api/get-complex';
import { useDeleteClinicCollection } from '../api/delete-complex';

export default function MedicalComplexDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { can } = useSession();
  const complex = useClinicCollection(id);
  const remove = useDeleteClinicCollection();

  return (
    <DetailsFrame query={complex} notFound={t('medicalComplexes.empty')} back={{ to: '/medicalComplexes', label: t('medicalComplexes.backToList') }}>
      {(c) => {
        const canWrite = can('complex_write');
        const established = new Date(c.yearOfEstablishment ?? c.createdAt).getFullYear();

        return (
          <Stack gap="lg" data-testid="complex-details">
            <BackLink to="/medicalComplexes" label={t('medicalComplexes.backToList')} />
            <RecordHeader
              logo={c.logo}
              icon={<IconBuildingCommunity size={34} stroke={1.5} />}
              name={c.name}
              publicId={c.publicId}
              isActive={c.isActive}
              badges={established && <Badge variant="light" color="gray" tt="none">{t('medicalComplexes.details.established', { year: established })}</Badge>}
              contacts={[...(c.email ? [{ type: 'email', value: c.email }] : []), ...(c.phone ? [{ type: 'phone', value: c.phone }] : []), ...c.contactInfos]}
              location={c.locationGoogl}
              actions={canWrite ? {
                editTo: `/medicalComplexes/edit/${c._id}`,
                deletion: { title: t('medicalComplexes.delete.title'), text: t('medicalComplexes.delete.text', { name: c.name }), remove, id: c._id, leaveTo: '/medicalComplexes' },
              } : null}
              testId="complex"
            >
              {c.website && <Text size="sm" c="dimmed" dir="ltr">{c.website}</Text>}
            </RecordHeader>

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
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
