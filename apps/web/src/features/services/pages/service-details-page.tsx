import { useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconFirstAidKit, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailsFrame } from '@/components/details';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { useDeleteService } from '../api/delete-service';
import { useService } from '../api/get-service';
import { ServiceStatusBadge } from '../components/service-status-badge';
import { formatPrice } from '../components/service-format';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

export default function ServiceDetailsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { can } = useSession();
  const canWrite = can('service_write');
  const service = useService(id);
  const remove = useDeleteService();
  const [confirm, setConfirm] = useState(false);
  const date = (iso: string) => formatDate(iso, i18n.language, DAY_MONTH_YEAR);

  return (
    <DetailsFrame query={service} notFound={t('services.details.empty')} icon={<IconFirstAidKit stroke={1.6} />} back={{ to: '/services', label: t('services.details.back') }}>
      {(s) => (
        <Stack gap="md" data-testid="service-details">
          <Card>
            <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
              <Stack gap={6} style={{ flex: '1 1 18rem', minWidth: 0 }}>
                <Group gap="xs">
                  <Badge variant="outline" color="gray" tt="none" ff="monospace">
                    {s.publicId}
                  </Badge>
                  <ServiceStatusBadge active={s.isActive} />
                </Group>
                <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
                  {s.name}
                </Title>
                <Text c="dimmed" size="sm">
                  {s.clinic.name}
                </Text>
              </Stack>
              {canWrite && (
                <Group gap="sm">
                  <Button component={Link} to={`/services/edit/${s._id}`} variant="light" leftSection={<IconEdit size={16} />}>
                    {t('services.actions.edit')}
                  </Button>
                  <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm(true)} data-testid="service-delete">
                    {t('services.actions.delete')}
                  </Button>
                </Group>
              )}
            </Group>
          </Card>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Card h="100%">
                <Stack gap="lg">
                  <Group grow align="flex-start">
                    <Item label={t('services.details.id')}>{s.publicId}</Item>
                    <Item label={t('services.details.price')}>
                      {formatPrice(s.price, i18n.language)}
                    </Item>
                    <Item label={t('services.details.duration')}>
                      {s.durationMinutes ? t('services.details.minutes', { count: s.durationMinutes }) : t('services.details.clinicDefault')}
                    </Item>
                  </Group>
                  <Item label={t('services.details.description')}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {s.description}
                    </Text>
                  </Item>
                  <Group grow align="flex-start">
                    <Item label={t('services.details.createdAt')} testId="service-created">{date(s.createdAt)}</Item>
                    <Item label={t('services.details.updatedAt')} testId="service-updated">{date(s.updatedAt)}</Item>
                    <Item label={t('services.details.clinic')}>{s.clinic.name}</Item>
                  </Group>
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card h="100%">
                <Stack gap="sm">
                  <Title order={4}>{t('services.details.doctors')}</Title>
                  {s.doctors.length ? (
                    s.doctors.map((d) => (
                      <Group key={d._id} gap="sm" wrap="nowrap">
                        <Avatar color="initials" name={d.name} radius="xl" />
                        <Text size="sm" fw={500}>
                          {d.name}
                        </Text>
                      </Group>
                    ))
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('services.list.noDoctors')}
                    </Text>
                  )}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
          <ConfirmDialog
            opened={confirm}
            title={t('services.delete.title')}
            text={t('services.delete.text', { name: s.name })}
            confirmLabel={t('services.delete.confirm')}
            confirmColor="red"
            loading={remove.isPending}
            onCancel={() => setConfirm(false)}
            onConfirm={() =>
              remove.mutate(s._id, {
                onSuccess: () => void navigate('/services'),
                onSettled: () => setConfirm(false),
              })
            }
          />
        </Stack>
      )}
    </DetailsFrame>
  );
}
