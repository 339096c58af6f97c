import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, IconTicket, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsColumns, InfoItem, RefList, SectionCard, StatTile } from '@/components/details';
import { ContactsCard, establishedText, FinanceSummary, HolidaysTable, OrgRecordDetails, WorkingHoursGrid } from '@/features/organisation';
import { useClinic } from '../api/get-clinic';
import { useClinicPatientCount } from '../api/get-clinic-patient-count';
import { useDeleteClinic } from '../api/delete-clinic';
import { OnlineBookingCard } from '../components/online-booking-card';

export default function ClinicDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const clinic = useClinic(id);
  const patientCount = useClinicPatientCount(id);
  const remove = useDeleteClinic();

  return (
    <OrgRecordDetails
      query={clinic}
      path="/clinics"
      backLabel={t('clinics.backToList')}
      notFound={t('clinics.detailsEmpty')}
      writePermission="clinic_write"
      deletion={(c) => ({ title: t('clinics.delete.title'), text: t('clinics.delete.text', { name: c.name }), remove })}
      icon={<IconBuildingHospital size={34} stroke={1.5} />}
      testId="clinic"
      header={(c) => ({
        badges: (
          <>
            <Badge variant="light" tt="none" data-testid="clinic-visit-length">{t('clinics.details.visitLength', { minutes: c.AverageDurationOfVisit })}</Badge>
            <Badge variant="light" color="gray" tt="none">{c.timeZone}</Badge>
          </>
        ),
        children: c.specializations.length > 0 && (
          <Group gap={4}>
            {c.specializations.map((s) => <Badge key={s._id} variant="dot" tt="none">{s.name}</Badge>)}
          </Group>
        ),
      })}
    >
      {(c) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
            <StatTile label={t('organisation.stats.staff')} value={c.staffCount} icon={<IconUsers size={22} />} testId="clinic-staff-count" />
            <StatTile label={t('organisation.stats.patients')} value={patientCount.data ?? c.patientsCount} icon={<IconUserHeart size={22} />} testId="clinic-patient-count" />
            <StatTile label={t('organisation.stats.doctors')} value={c.doctorsCount} icon={<IconStethoscope size={22} />} testId="clinic-doctor-count" />
          </SimpleGrid>

          <DetailsColumns
            main={(
              <>
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
                <OnlineBookingCard clinicId={c._id} services={c.services} doctors={c.doctors} />
                <Group justify="flex-end">
                  <Button component={Link} to={`/waiting-room/settings?clinic=${c._id}`} variant="light" leftSection={<IconTicket size={16} />} data-testid="clinic-waiting-room">
                    {t('clinics.details.waitingRoom')}
                  </Button>
                </Group>
              </>
            )}
            side={(
              <>
                <SectionCard title={t('clinics.form.workingHours')} testId="clinic-hours">
                  <WorkingHoursGrid entries={c.WorkingHours} />
                </SectionCard>
                <SectionCard title={t('organisation.holidays.title')}>
                  <HolidaysTable holidays={c.holidays} />
                </SectionCard>
                <ContactsCard contacts={c.contactInfos} />
              </>
            )}
          />
        </>
      )}
    </OrgRecordDetails>
  );
}
