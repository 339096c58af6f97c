import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuildingHospital, IconSitemap, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsColumns, InfoItem, RefList, SectionCard, StatTile, StatusBadge } from '@/components/details';
import { ContactsCard, establishedText, OrgRecordDetails } from '@/features/organisation';
import { EmptyState } from '@/components/empty-state';
import { useDepartment } from '../api/get-department';
import { useDeleteDepartment } from '../api/delete-department';

export default function DepartmentDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const department = useDepartment(id);
  const remove = useDeleteDepartment();

  return (
    <OrgRecordDetails
      query={department}
      path="/departements"
      backLabel={t('departments.backToList')}
      notFound={t('departments.empty')}
      writePermission="department_write"
      deletion={(d) => ({ title: t('departments.delete.title'), text: t('departments.delete.text', { name: d.name }), remove })}
      icon={<IconSitemap size={34} stroke={1.5} />}
      testId="department"
      header={(d) => ({
        badges: d.clinicCollection && <Badge variant="light" tt="none">{d.clinicCollection.name}</Badge>,
      })}
    >
      {(d) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
            <StatTile label={t('organisation.stats.clinics')} value={d.clinicCount} icon={<IconBuildingHospital size={22} />} testId="department-clinic-count" />
            <StatTile label={t('organisation.stats.patients')} value={d.patientCount} icon={<IconUserHeart size={22} />} testId="department-patient-count" />
            <StatTile label={t('organisation.stats.staff')} value={d.staff.length} icon={<IconUsers size={22} />} testId="department-staff-count" />
          </SimpleGrid>

          <DetailsColumns
            main={(
              <>
                <SectionCard title={t('departments.details.about')}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <InfoItem label={t('organisation.fields.pic')} value={d.PIC?.name} />
                    <InfoItem label={t('organisation.fields.complex')} value={d.clinicCollection?.name} />
                    <InfoItem label={t('organisation.fields.address')} value={d.address} />
                    <InfoItem label={t('departments.form.patientCapacity')} value={d.patientCapacity ?? ''} />
                    <InfoItem label={t('organisation.fields.yearOfEstablishment')} value={establishedText(d.yearOfEstablishment, i18n.language)} />
                    <InfoItem label={t('organisation.fields.status')} value={<StatusBadge active={d.isActive} />} />
                  </SimpleGrid>
                  <Stack gap="md" mt="md">
                    <InfoItem label={t('organisation.fields.introduction')} value={d.introduction} />
                    <InfoItem label={t('organisation.fields.vision')} value={d.vision} />
                    <InfoItem label={t('organisation.fields.details')} value={d.details} />
                  </Stack>
                </SectionCard>
                <SectionCard title={t('departments.details.staff')} testId="department-staff">
                  {d.staff.length ? (
                    <Table.ScrollContainer minWidth={420} type="native">
                      <Table verticalSpacing="xs" highlightOnHover>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('departments.details.staffId')}</Table.Th>
                            <Table.Th>{t('departments.details.staffName')}</Table.Th>
                            <Table.Th>{t('departments.details.staffType')}</Table.Th>
                            <Table.Th>{t('organisation.fields.status')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {d.staff.map((s) => (
                            <Table.Tr key={s._id}>
                              <Table.Td><Text size="sm" ff="monospace" c="dimmed">{s.publicId}</Text></Table.Td>
                              <Table.Td><Text size="sm" fw={500}>{s.name}</Text></Table.Td>
                              <Table.Td><Text size="sm">{t(`common.employeeTypes.${s.employeeType}`, { defaultValue: s.employeeType })}</Text></Table.Td>
                              <Table.Td><StatusBadge active={s.isActive} /></Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  ) : (
                    <EmptyState title={t('departments.details.noStaff')} icon={<IconUsers stroke={1.6} />} size="sm" />
                  )}
                </SectionCard>
              </>
            )}
            side={(
              <>
                <SectionCard title={t('departments.details.clinics')} testId="department-clinics">
                  <RefList items={d.clinics} emptyText={t('departments.details.noClinics')} linkTo={(c) => `/clinics/details/${c}`} />
                </SectionCard>
                <ContactsCard contacts={d.contactInfos} />
              </>
            )}
          />
        </>
      )}
    </OrgRecordDetails>
  );
}
