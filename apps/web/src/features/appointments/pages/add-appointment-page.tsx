import { Anchor, Card, Grid, Group, List, Stack, Text, ThemeIcon, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { AppointmentForm } from '../components/appointment-form';

/** /appointments/add: the Add Appointment form with a date and time picker (clinic-local). */
export default function AddAppointmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/appointments" size="sm">
        <Group gap={4}>
          {dir === 'rtl' ? <IconArrowRight size={14} /> : <IconArrowLeft size={14} />}
          {t('appointments.add.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('appointments.add.title')} subtitle={t('appointments.add.subtitle')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 6 }}>
          <Card>
            <AppointmentForm onBooked={() => void navigate('/appointments')} onCancel={() => void navigate('/appointments')} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card>
            <Stack gap="sm">
              <Group gap="sm">
                <ThemeIcon variant="light" radius="md">
                  <IconInfoCircle size={18} />
                </ThemeIcon>
                <Title order={5}>{t('appointments.add.rulesTitle')}</Title>
              </Group>
              <List size="sm" spacing={6} c="dimmed">
                <List.Item>{t('appointments.add.rules.hours')}</List.Item>
                <List.Item>{t('appointments.add.rules.doctor')}</List.Item>
                <List.Item>{t('appointments.add.rules.overlap')}</List.Item>
                <List.Item>{t('appointments.add.rules.zone')}</List.Item>
              </List>
              <Text size="sm">
                <Anchor component={Link} to="/patients/appointments">
                  {t('appointments.add.useCalendar')}
                </Anchor>
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
