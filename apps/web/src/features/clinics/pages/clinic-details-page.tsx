import { Badge, Grid, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, ContactList, DetailsFrame, InfoItem, RecordHeader, RefList, SectionCard, StatTile } from '@/components/details';
import { useSession } from '@/lib/session-context';
import { HolidaysTable, WorkingHoursGrid, establishedText } from '@/features/organisation/components/org-details';
import { FinanceSummary } from '@/features/organisation/components/finance-summary';
import { useClinic } from '../api/get-clinic';
import { useClinicPatientCount } from '../api/get-clinic-patient-count';
import { useDeleteClinic } from '../api/delete-clinic';

export default function ClinicDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { can } = useSession();
  const clinic = useClinic(id);
  const patientCount = useClinicPatientCount(id);
  const remove = useDeleteClinic();

  return (
    <DetailsFrame query={clinic} notFound={t('clinics.detailsEmpty')} back={{ to: '/clinics', label: t('clinics.backToList') }}>
      {(c) => {
        const canWrite = can('clinic_write');

        return (
          <Stack gap="lg" data-testid="clinic-details">
            <BackLink to="/clinics" label={t('clinics.backToList')} />
            <RecordHeader
              logo={c.logo}
              icon={<IconBuildingHospital size={34} stroke={1.5} />}
              name={c.name}
              publicId={c.publicId}
              isActive={c.isActive}
              badges={(
                <>
                  <Badge variant="light" tt="none" data-testid="clinic-visit-length">{t('clinics.details.visitLength', { minutes: c.AverageDurationOfVisit })}</Badge>
                  <Badge variant="light" color="gray" tt="none">{c.timeZone}</Badge>
                </>
              )}
              contacts={c.contactInfos}
              location={c.locationGoogl}
              actions={canWrite ? {
                editTo: `/clinics/edit/${c._id}`,
                deletion: { title: t('clinics.delete.title'), text: t('clinics.delete.text', { name: c.name }), remove, id: c._id, leaveTo: '/clinics' },
              } : null}
              testId="clinic"
            >
              {c.specializations.length > 0 && (
                <Group gap={4}>
                  {c.specializations.map((s) => <Badge key={s._id} variant="dot" tt="none">{s.name}</Badge>)}
                </Group>
              )}
            </RecordHeader>

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
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
