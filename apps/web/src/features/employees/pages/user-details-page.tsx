import { useState } from 'react';
import { Anchor, Badge, Button, Card, Divider, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBriefcase, IconEdit, IconFileText, IconId, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_DAYS, EMPLOYEE_DOCUMENT_KINDS } from '@clinic/shared';
import { DetailsFrame, StatusBadge } from '@/components/details';
import { useEmployee } from '../api/get-employee';
import { IncompleteBadge, InvitationBadge } from '../components/invitation-badges';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeeAvatar } from '../components/employee-avatar';
import { ContactList, DetailsCard, InfoGrid, PersonInfo } from '../components/employee-details-blocks';
import { EmployeeStatusSwitch } from '../components/employee-status-switch';
import { BackHeader } from '../components/form-page-header';
import { formatDate, formatDateTime, formatTime12 } from '../components/employee-format';
import { useSession } from '@/lib/session-context';
import { daysFromHours } from '../components/person-form-values';
import { PersonSessionsCard } from '@/features/security';

/** /users/details/{id}: the account, personal and employment blocks; documents downloadable. */
export default function UserDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user: me, can } = useSession();
  const user = useEmployee(id);
  const [deleting, setDeleting] = useState(false);

  return (
    <DetailsFrame query={user} notFound={t('users.notFound')} icon={<IconUserOff stroke={1.6} />} back={{ to: '/', label: t('users.back') }}>
      {(u) => {
        const isSelf = u._id === me?.userId;
        // An administrator is changed and removed by administrators only (the API refuses anyone else).
        const manages = (permission: 'user_update' | 'user_delete') => can(permission) && (!u.administrator || can('admin'));
        const shift = (s: { startTime: string; endTime: string }) => (s.startTime ? `${formatTime12(s.startTime)} – ${formatTime12(s.endTime)}` : '—');
        const days = daysFromHours(u.workingHours);

        return (
          <Stack gap="lg" data-testid="user-details">
            <BackHeader
              to="/"
              backLabel={t('users.back')}
              title={t('users.detailsTitle')}
              actions={
                <>
                  {manages('user_update') && <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => void navigate(`/users/edit/${u._id}`)} data-testid="edit-user">{t('people.actions.edit')}</Button>}
                  {!isSelf && manages('user_delete') && <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="delete-user">{t('people.actions.delete')}</Button>}
                </>
              }
            />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Card h="100%">
                  <Stack gap="md">
                    <Stack align="center" gap={6} ta="center">
                      <EmployeeAvatar src={u.image?.url} name={u.name} size={104} radius={52} />
                      <Title order={3} data-testid="user-name">{u.name}</Title>
                      <Group gap={6} justify="center">{u.roleIds.map((r) => <Badge key={r._id} variant="outline" color="gray" tt="none">{t(`common.roles.${r.name}`, { defaultValue: r.name })}</Badge>)}</Group>
                    </Stack>
                    <Divider />
                    <InfoGrid>
                      <PersonInfo label={t('users.form.cardNumber')} value={u.identity} />
                      <PersonInfo label={t('people.fields.gender')} value={u.gender ? t(`people.genders.${u.gender}`) : null} />
                      <PersonInfo label={t('people.fields.dateOfBirth')} value={formatDate(u.dateOfBirth)} />
                      <PersonInfo label={t('people.fields.nationality')} value={u.nationality ? t(`people.nationalities.${u.nationality}`, { defaultValue: u.nationality }) : null} />
                      <PersonInfo label={t('people.fields.maritalStatus')} value={u.marital_status ? t(`people.maritalStatuses.${u.marital_status}`) : null} />
                      <PersonInfo label={t('people.fields.numberOfChildren')} value={u.number_children ?? 0} />
                    </InfoGrid>
                    <PersonInfo label={t('people.fields.address')} value={u.address} />
                    <PersonInfo label={t('users.form.emergencyContact')} value={u.emergencyContact?.name ? `${u.emergencyContact.phone ?? ''} - ${u.emergencyContact.name} - ${u.emergencyContact.relationship ?? ''}` : null} />
                    <Divider />
                    <ContactList contacts={u.contactInfos} />
                  </Stack>
                </Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="lg">
                  <DetailsCard
                    title={t('users.details.account')}
                    icon={<IconId size={18} />}
                    action={manages('user_update') && u.hasAccount ? <EmployeeStatusSwitch id={u._id} name={u.name} isActive={u.isActive} version={u.version} isSelf={isSelf} failureMessage={t('users.statusFailed')} /> : undefined}
                    testId="user-account-block"
                  >
                    <InfoGrid>
                      <PersonInfo label={t('users.columns.userId')} value={u.publicId} />
                      <PersonInfo label={t('users.form.fullName')} value={u.name} />
                      <PersonInfo label={t('users.form.userName')} value={u.username} />
                      <PersonInfo label={t('users.form.roles')} value={u.roleIds.map((r) => t(`common.roles.${r.name}`, { defaultValue: r.name })).join(', ')} />
                      <PersonInfo label={t('users.form.userType')} value={t(`users.form.userTypes.${u.employeeType}`, { defaultValue: u.employeeType })} />
                      <PersonInfo label={t('users.form.workPlaces')} value={u.clinics.map((c) => c.name).join(', ')} />
                      <PersonInfo label={t('users.details.status')} value={<Group gap={6}><StatusBadge active={u.isActive} /><IncompleteBadge incomplete={u.incomplete} editTo={manages('user_update') ? `/users/edit/${u._id}` : null} /></Group>} />
                      <PersonInfo label={t('users.details.createdAt')} value={formatDateTime(u.createdAt)} />
                      <PersonInfo label={t('users.details.updatedAt')} value={formatDateTime(u.updatedAt)} />
                      <PersonInfo label={t('users.details.lastLogin')} value={u.invitation ? <InvitationBadge invitation={u.invitation} /> : u.lastLoginAt ? formatDateTime(u.lastLoginAt) : t('people.never')} testId="last-login" />
                    </InfoGrid>
                  </DetailsCard>
                  <DetailsCard title={t('users.details.employment')} icon={<IconBriefcase size={18} />} testId="user-employment-block">
                    <InfoGrid>
                      <PersonInfo label={t('people.fields.jobType')} value={u.jobType ? t(`people.jobTypes.${u.jobType}`) : null} />
                      <PersonInfo label={u.employeeType === 'Doctor' ? t('users.form.speciality') : t('people.fields.jobTitle')} value={u.jobTitle} />
                      <PersonInfo label={t('people.fields.hireDate')} value={formatDate(u.hireDate)} />
                    </InfoGrid>
                    <Table.ScrollContainer minWidth={420} type="native">
                      <Table verticalSpacing={6} data-testid="user-working-days">
                        <Table.Thead>
                          <Table.Tr><Table.Th>{t('people.fields.day')}</Table.Th><Table.Th>{t('users.form.shift1')}</Table.Th><Table.Th>{t('users.form.shift2')}</Table.Th></Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {days.length === 0 && <Table.Tr><Table.Td colSpan={3}><Text size="sm" c="dimmed">{t('people.empty.workingHours')}</Text></Table.Td></Table.Tr>}
                          {days.sort((a, b) => EMPLOYEE_DAYS.indexOf(a.day) - EMPLOYEE_DAYS.indexOf(b.day)).map((d) => (
                            <Table.Tr key={d.day}><Table.Td fw={500}>{t(`people.days.${d.day}`)}</Table.Td><Table.Td>{shift(d.shift1)}</Table.Td><Table.Td>{shift(d.shift2)}</Table.Td></Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                    <Text fw={600} size="sm">{t('users.documents.title')}</Text>
                    {EMPLOYEE_DOCUMENT_KINDS.every((k) => !u.documents[k].file && !u.documents[k].effectiveDate) ? (
                      <Text size="sm" c="dimmed" data-testid="user-documents">{t('users.documents.none')}</Text>
                    ) : (
                    <Stack gap="xs" data-testid="user-documents">
                      {EMPLOYEE_DOCUMENT_KINDS.map((kind) => {
                        const doc = u.documents[kind];
                        return (
                          <Group key={kind} justify="space-between" wrap="wrap" gap="xs">
                            <Group gap="xs" wrap="nowrap">
                              <IconFileText size={16} />
                              <Text size="sm" fw={500}>{t(`users.documents.${kind}`)}</Text>
                            </Group>
                            <Group gap="md" wrap="nowrap">
                              {doc.file ? <Anchor href={doc.file.url} size="sm" download data-testid={`document-link-${kind}`}>{doc.file.name}</Anchor> : <Text size="sm" c="dimmed">_</Text>}
                              <Text size="xs" c="dimmed">{doc.effectiveDate ? t('users.documents.effectiveOn', { date: formatDate(doc.effectiveDate) }) : '_'}</Text>
                            </Group>
                          </Group>
                        );
                      })}
                    </Stack>
                    )}
                  </DetailsCard>
                  {manages('user_update') && u.hasAccount && <PersonSessionsCard employeeId={u._id} />}
                </Stack>
              </Grid.Col>
            </Grid>
            <DeleteEmployeeDialog target={deleting ? { id: u._id, name: u.name } : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/')} text={t('users.deleteText')} />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
