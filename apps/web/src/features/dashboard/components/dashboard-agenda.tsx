import { useState } from 'react';
import { Anchor, Card, Group, SegmentedControl, Stack, Table, Text, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowNarrowLeft, IconArrowNarrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/features/appointments';
import { formatClock, formatDay, formatNumber } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { AGENDA_SHOWN, AGENDA_SHOWN_NARROW, agendaListPath, agendaRows, type AgendaFilter } from './agenda-rows';
import classes from './dashboard-agenda.module.css';

/** A clinic-local time of an instant written with its offset (`2026-03-10T09:30:00+03:00`), with the user's digits. */
const clinicTime = (iso: string, lang: string) => formatClock(iso.slice(11, 16), lang);

type Row = DashboardFigures['agenda'][number];

/** Phones: a row is a short block (time, patient and status, then doctor, clinic and service), no table to scroll. */
const NARROW = '(max-width: 36em)';

interface DashboardAgendaProps {
  agenda: DashboardFigures['agenda'];
  /** How many appointments the day has: more than `agenda` when the API listed only the day's first ones. */
  total: number;
  today: string;
  /** What the dashboard shows (a clinic, a complex or the company): the link to the day's list keeps it. */
  scope: DashboardFigures['scope'];
}

/**
 * Today's appointments in the dashboard's scope: by default those not finished yet (what the desk deals with now and
 * next), or the whole day; the first rows, then a link to the day's full list of the same clinic. On a day busier than
 * the API lists, it says how many of the day's appointments it has.
 */
export function DashboardAgenda({ agenda, total, today, scope }: DashboardAgendaProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useSession();
  const { dir } = useDirection();
  const narrow = useMediaQuery(NARROW);
  const [chosen, setChosen] = useState<AgendaFilter | null>(null);
  // Once the day is over (nothing left to come), the whole day, unless the user chose.
  const filter: AgendaFilter = chosen ?? (agendaRows(agenda, 'open').open ? 'open' : 'all');
  const shown = agendaRows(agenda, filter, narrow ? AGENDA_SHOWN_NARROW : AGENDA_SHOWN);
  const { rows, open } = shown;
  // The day's later appointments the API did not list: counted in the whole day's "more"; of those still to come no
  // number is known (the link then just opens the list), and the open count is at least what was listed.
  const unlisted = Math.max(0, total - agenda.length);
  const more = unlisted && filter === 'all' ? shown.more + unlisted : shown.more;
  const moreKnown = !unlisted || filter === 'all';
  const listPath = can('appointment_read') ? agendaListPath(today, scope) : null;
  const Arrow = dir === 'rtl' ? IconArrowNarrowLeft : IconArrowNarrowRight;

  return (
    <Card padding="md" withBorder data-testid="dashboard-agenda">
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
        <Text fw={600}>{t('dashboard.agenda.title')} · {formatDay(today, lang)}</Text>
        {agenda.length > 0 && (
          <SegmentedControl
            size="xs"
            aria-label={t('dashboard.agenda.filterLabel')}
            value={filter}
            onChange={(v) => setChosen(v as AgendaFilter)}
            data={[
              { value: 'open', label: `${t('dashboard.agenda.open')} · ${formatNumber(open, lang)}${unlisted ? '+' : ''}` },
              { value: 'all', label: `${t('dashboard.agenda.all')} · ${formatNumber(Math.max(total, agenda.length), lang)}` },
            ]}
            data-testid="dashboard-agenda-filter"
          />
        )}
      </Group>
      {unlisted > 0 && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="dashboard-agenda-capped">
          {t('dashboard.agenda.capped', { count: total, shown: agenda.length })}
        </Text>
      )}
      {!agenda.length ? <Text c="dimmed">{t('dashboard.agenda.empty')}</Text>
        : !rows.length ? <Text c="dimmed" data-testid="dashboard-agenda-none-open">{t('dashboard.agenda.noneOpen')}</Text>
        : narrow ? <AgendaList rows={rows} lang={lang} /> : <AgendaTable rows={rows} lang={lang} />}
      {listPath && agenda.length > 0 && (
        <Anchor component={Link} to={listPath} size="sm" mt="sm" className={classes.more} data-testid="dashboard-agenda-more">
          {more > 0 && moreKnown ? t('dashboard.agenda.more', { count: more }) : t('dashboard.agenda.openList')}
          <Arrow size={16} aria-hidden />
        </Anchor>
      )}
      {!listPath && more > 0 && moreKnown && <Text size="sm" c="dimmed" mt="xs">{t('dashboard.agenda.more', { count: more })}</Text>}
    </Card>
  );
}

function AgendaTable({ rows, lang }: { rows: Row[]; lang: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped verticalSpacing={6} data-testid="dashboard-agenda-table">
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
          {rows.map((a) => (
            <Table.Tr key={a._id} data-testid="dashboard-agenda-row">
              <Table.Td className={classes.time}>{clinicTime(a.datetime, lang)}</Table.Td>
              <Table.Td>{a.patient.name}</Table.Td>
              <Table.Td>{a.doctor.name}</Table.Td>
              <Table.Td>{a.clinic.name}</Table.Td>
              <Table.Td>{a.service.name}</Table.Td>
              <Table.Td><AppointmentStatusBadge status={a.status} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AgendaList({ rows, lang }: { rows: Row[]; lang: string }) {
  return (
    <Stack gap={0} component="ul" className={classes.list} data-testid="dashboard-agenda-list">
      {rows.map((a) => (
        <li key={a._id} className={classes.item} data-testid="dashboard-agenda-row">
          <Text className={classes.time} size="sm" fw={700}>{clinicTime(a.datetime, lang)}</Text>
          <div className={classes.body}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate dir="auto">{a.patient.name}</Text>
              <AppointmentStatusBadge status={a.status} />
            </Group>
            {/* Each part isolated: Arabic and English names keep their order in either language. */}
            <Text size="xs" c="dimmed">
              <bdi>{a.doctor.name}</bdi>{'\u00a0· '}<bdi>{a.clinic.name}</bdi>{'\u00a0· '}<bdi>{a.service.name}</bdi>
            </Text>
          </div>
        </li>
      ))}
    </Stack>
  );
}
