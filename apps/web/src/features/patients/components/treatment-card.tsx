import { Badge, Group, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { IconCalendarEvent, IconCalendarTime, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PatientDetails, TreatmentEntry } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';
import { DetailsCard } from './patient-details-cards';
import { formatDateTime } from './patient-format';

const STATUS_COLORS: Record<string, string> = { scheduled: 'blue', arrived: 'yellow', in_consultation: 'grape', completed: 'teal', no_show: 'gray', cancelled: 'gray' };

function Entries({ entries, empty }: { entries: TreatmentEntry[]; empty: string }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} active={-1} mt="xs">
      {entries.map((e) => (
        <Timeline.Item key={e._id} bullet={<IconCalendarEvent size={12} />} data-testid="treatment-entry">
          <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {e.service.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.datetime, i18n.language)} · {t('patients.details.treatment.with', { doctor: e.doctor.name })} · {e.clinic.name}
              </Text>
              {e.reason && <Text size="sm">{e.reason}</Text>}
              {e.visitNote && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="treatment-visit-note">
                  <Text span size="xs" fw={600} c="dimmed">
                    {t('patients.details.treatment.visitNote')}:{' '}
                  </Text>
                  {e.visitNote}
                </Text>
              )}
            </Stack>
            <Badge color={STATUS_COLORS[e.status] ?? 'gray'} variant="light" tt="none">
              {t(`patients.details.treatment.status.${e.status}`, { defaultValue: e.status })}
            </Badge>
          </Group>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The patient's appointments: those after now are Upcoming, the rest History. */
export function TreatmentCard({ patient }: { patient: PatientDetails }) {
  const { t, i18n } = useTranslation();
  const { upcoming, history } = patient.treatment;
  return (
    <DetailsCard icon={<IconCalendarTime size={18} />} title={t('patients.details.treatment.title')} testId="treatment-card">
      <Tabs defaultValue="upcoming" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="upcoming" leftSection={<IconCalendarEvent size={16} />} rightSection={<Badge size="xs" variant="light" circle>{formatNumber(upcoming.length, i18n.language)}</Badge>}>
            {t('patients.details.treatment.upcoming')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />} rightSection={<Badge size="xs" variant="light" color="gray" circle>{formatNumber(history.length, i18n.language)}</Badge>}>
            {t('patients.details.treatment.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming" pt="sm">
          <Entries entries={upcoming} empty={t('patients.details.treatment.emptyUpcoming')} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <Entries entries={history} empty={t('patients.details.treatment.emptyHistory')} />
        </Tabs.Panel>
      </Tabs>
    </DetailsCard>
  );
}
