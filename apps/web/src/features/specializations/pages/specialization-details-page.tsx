import { useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCertificate, IconEdit, IconMicroscope, IconStethoscope, IconTool, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsFrame, StatusBadge } from '@/components/details';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { useDeleteSpecialization } from '../api/delete-specialization';
import { useSpecialization } from '../api/get-specialization';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';

function Section({ icon, title, children, testId }: { icon: ReactNode; title: string; children: ReactNode; testId?: string }) {
  return (
    <Card h="100%" data-testid={testId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={5}>{title}</Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function People({ list, empty }: { list: Array<{ _id: string; name: string }>; empty: string }) {
  if (!list.length) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs">
      {list.map((p) => (
        <Group key={p._id} gap="sm" wrap="nowrap">
          <Avatar color="initials" name={p.name} radius="xl" size={30} />
          <Text size="sm" fw={500}>{p.name}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The specialization's real details: texts, who it requires, and which clinics and doctors have it. */
export default function SpecializationDetailsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { can } = useSession();
  const specialization = useSpecialization(id);
  const remove = useDeleteSpecialization();
  const [confirm, setConfirm] = useState(false);

  return (
    <DetailsFrame query={specialization} notFound={t('specialities.details.empty')} icon={<IconMicroscope stroke={1.6} />} back={{ to: '/specialities', label: t('specialities.details.back') }}>
      {(s) => {
        const date = (iso: string) => formatDate(iso, i18n.language, DAY_MONTH_YEAR);
        return (
          <Stack gap="md" data-testid="speciality-details">
            <Card>
              <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
                <Stack gap={6} style={{ flex: '1 1 20rem', minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge variant="outline" color="gray" tt="none" ff="monospace">{s.publicId}</Badge>
                    <StatusBadge active={s.isActive} />
                  </Group>
                  <Title order={2} fz={{ base: 'h3', sm: 'h2' }} data-testid="speciality-title">{s.name}</Title>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{s.description}</Text>
                  <Text size="xs" c="dimmed">
                    {t('specialities.details.dates', { created: date(s.createdAt), updated: date(s.updatedAt) })}
                  </Text>
                </Stack>
                {can('speciality_write') && (
                  <Group gap="sm">
                    <Button component={Link} to={`/specialities/edit/${s._id}`} variant="light" leftSection={<IconEdit size={16} />}>
                      {t('specialities.details.edit')}
                    </Button>
                    <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm(true)} data-testid="speciality-delete">
                      {t('specialities.details.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconTool size={18} />} title={t('specialities.form.equipment')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{s.requiredEquipment}</Text>
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconStethoscope size={18} />} title={t('specialities.form.procedures')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{s.medicalProcedures}</Text>
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconCertificate size={18} />} title={t('specialities.form.certification')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{s.certificationRequirements}</Text>
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconUsers size={18} />} title={t('specialities.details.staff', { n: s.requiredStaff.length })} testId="speciality-staff-list">
                  <People list={s.requiredStaff} empty={t('specialities.details.noStaff')} />
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconStethoscope size={18} />} title={t('specialities.details.doctors', { n: s.doctors.length })}>
                  <People list={s.doctors} empty={t('specialities.details.noDoctors')} />
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Section icon={<IconBuildingHospital size={18} />} title={t('specialities.details.clinics', { n: s.clinics.length })}>
                  {s.clinics.length ? (
                    <Group gap="xs">
                      {s.clinics.map((c) => <Badge key={c._id} variant="light" tt="none" size="lg">{c.name}</Badge>)}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">{t('specialities.details.noClinics')}</Text>
                  )}
                </Section>
              </Grid.Col>
            </Grid>
            <ConfirmDialog
              opened={confirm}
              title={t('specialities.delete.title')}
              text={t('specialities.delete.text', { name: s.name })}
              confirmLabel={t('specialities.delete.confirm')}
              confirmColor="red"
              loading={remove.isPending}
              onCancel={() => setConfirm(false)}
              onConfirm={() => remove.mutate(s._id, { onSuccess: () => void navigate('/specialities'), onSettled: () => setConfirm(false) })}
            />
          </Stack>
        );
      }}
    </DetailsFrame>
  );
}
