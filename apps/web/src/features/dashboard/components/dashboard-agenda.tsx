import { Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '@clinic/shared';
import { formatClock, formatDay } from '@/lib/dates';

/** Rows of today's agenda shown on the dashboard (the day's full list is the printed schedule or the board). */
const AGENDA_SHOWN = 40;

/** A clinic-local time of an instant written with its offset (`2026-03-10T09:30:00+03:00`), with the user's digits. */
const clinicTime = (iso: string, lang: string) => formatClock(iso.slice(11, 16), lang);

/** Today's appointments in the dashboard's scope, the first rows of them. */
export function DashboardAgenda({ agenda, today }: { agenda: DashboardFigures['agenda']; today: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
    return (
    <Card padding="md" withBorder data-testid="dashboard-agenda">
      <Text fw={600} mb="sm">{t('dashboard.agenda.title')} · {formatDay(today, lang)}</Text>
      {agenda.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.agenda.time')}</Table.Th>
                <Table.Th>{t('dashboard.agenda.patient')}</Table.Th>
                <Table.Th>{t('dashboard.agenda.doctor')}</Table.Th>
                <Table.Th>{t('dashboard.agenda.clinic')}</Table.Th>
                <Table.Th>{t('dashboard.agenda.service')}</Table.Th>
                <Table.Th>{t('dashboard.agenda.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {agenda.slice(0, AGENDA_SHOWN).map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>{clinicTime(a.datetime, lang)}</Table.Td>
                  <Table.Td>{a.patient.name}</Table.Td>
                  <Table.Td>{a.doctor.name}</Table.Td>
                  <Table.Td>{a.clinic.name}</Table.Td>
                  <Table.Td>{a.service.name}</Table.Td>
                  <Table.Td>{t(`dashboard.status.${a.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : <Text c="dimmed">{t('dashboard.agenda.empty')}</Text>}
      {agenda.length > AGENDA_SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">{t('dashboard.agenda.more', { count: agenda.length - AGENDA_SHOWN })}</Text>
      )}
    </Card>
  );
}
