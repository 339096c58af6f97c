import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconBuildingHospital, IconStethoscope, IconUserHeart } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsColumns, InfoItem, RefList, SectionCard, StatTile } from '@/components/details';
import { HolidaysTable, OrgRecordDetails, WorkingDaysGrid } from '@/features/organisation';
import { useComplex } from '../api/get-complex';
import { useDeleteComplex } from '../api/delete-complex';

export default function ComplexDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const complex = useComplex(id);
  const remove = useDeleteComplex();

  return (
    <OrgRecordDetails
      query={complex}
      path="/medicalComplexes"
      backLabel={t('medicalComplexes.backToList')}
      notFound={t('medicalComplexes.empty')}
      writePermission="complex_write"
      deletion={(c) => ({ title: t('medicalComplexes.delete.title'), text: t('medicalComplexes.delete.text', { name: c.name }), remove })}
      icon={<IconBuildingCommunity size={34} stroke={1.5} />}
      testId="complex"
      header={(c) => ({
        badges: <Badge variant="light" color="gray" tt="none">{t('medicalComplexes.details.established', { year: new Date(c.yearOfEstablishment ?? c.createdAt).getFullYear() })}</Badge>,
        contacts: [...(c.email ? [{ type: 'email', value: c.email }] : []), ...(c.phone ? [{ type: 'phone', value: c.phone }] : []), ...c.contactInfos],
        children: c.website && <Text size="sm" c="dimmed" dir="ltr">{c.website}</Text>,
      })}
    >
      {(c) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
            <StatTile label={t('organisation.stats.clinics')} value={c.clinicsCount} icon={<IconBuildingHospital size={22} />} testId="complex-clinic-count" />
            <StatTile label={t('organisation.stats.patients')} value={c.patientsCount} icon={<IconUserHeart size={22} />} testId="complex-patient-count" />
            <StatTile label={t('organisation.stats.doctors')} value={c.doctorsCount} icon={<IconStethoscope size={22} />} testId="complex-doctor-count" />
          </SimpleGrid>

          <DetailsColumns
            main={(
              <>
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
              </>
            )}
            side={(
              <>
                <SectionCard title={t('medicalComplexes.form.workingDays')}>
                  <WorkingDaysGrid rows={c.workingDays} />
                </SectionCard>
                <SectionCard title={t('organisation.holidays.title')}>
                  <HolidaysTable holidays={c.holidays} />
                </SectionCard>
              </>
            )}
          />
        </>
      )}
    </OrgRecordDetails>
  );
}
