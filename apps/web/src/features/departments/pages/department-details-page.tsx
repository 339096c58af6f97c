import { Badge, Grid, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuildingHospital, IconSitemap, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, ContactList, DetailsFrame, InfoItem, RecordHeader, RefList, SectionCard, StatTile, StatusBadge } from '@/components/details';
import { EmptyState } from '@/components/empty-state';
import { useSession } from '@/lib/session-context';
import { establishedText } from '@/features/organisation/components/org-details';
import { useDepartment } from '../api/get-department';
import { useDeleteDepartment } from '../api/delete-department';

export default function DepartmentDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { can } = useSession();
  const department = useDepartment(id);
  const remove = useDeleteDepartment();

  return (
    <DetailsFrame query={department} notFound={t('departments.empty')} back={{ to: '/departements', label: t('departments.backToList') }}>
      {(d) => {
        const canWrite = can('department_write');

        return (
          <Stack gap="lg" data-testid="department-details">
            <BackLink to="/departements" label={t('departments.backToList')} />
            <RecordHeader
              logo={d.logo}
              icon={<IconSitemap size={34} stroke={1.5} />}
              name={d.name}
              publicId={d.publicId}
              isActive={d.isActive}
              badges={d.clinicCollection && <Badge variant="light" tt="none">{d.clinicCollection.name}</Badge>}
              contacts={d.contactInfos}
              location={d.locationGoogl}
              actions={canWrite ? {
                editTo: `/departements/edit/${d._id}`,
                deletion: { title: t('departments.delete.title'), text: t('departments.delete.text', { name: d.name }), remove, id: d._id, leaveTo: '/departements' },
              } : null}
              testId="department"
            />

            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
              <StatTile label={t('organisation.stats.clinics')} value={d.clinicCount} icon={<IconBuildingHospital size={22} />} testId="department-clinic-count" />
              <StatTile label={t('organisation.stats.patients')} value={d.patientCount} icon={<IconUserHeart size={22} />} testId="department-patient-count" />
              <StatTile label={t('organisation.stats.staff')} value={d.staff.length} icon={<IconUsers size={22} />} testId="department-staff-count" />
            </SimpleGrid>

            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
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
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <SectionCard title={t('departments.details.clinics')} testId="department-clinics">
                    <RefList items={d.clinics} emptyText={t('departments.details.noClinics')} linkTo={(c) => `/clinics/details/${c}`} />
                  </SectionCard>
                  <SectionCard title={t('organisation.contacts.title')}>
                    <ContactList contacts={d.contactInfos} />
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
