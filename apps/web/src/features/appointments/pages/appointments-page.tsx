import { useEffect, useState } from 'react';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconCalendarWeek, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, mayDeleteAppointment, type AppointmentRecord } from '@clinic/shared';
import { dayOf, FilterBar, IdCell, ListFrame, listParams, oneOf, RowActions, useListQuery, useListState, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { formatDay } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { DeleteAppointmentDialog } from '../components/delete-appointment-dialog';
import { useAppointment } from '../api/get-appointment';
import { appointmentsQueryOptions, appointmentsRequest } from '../api/get-appointments';
import { AppointmentDetails } from '@/features/appointment-panel';
import { AppointmentStatusBadge } from '../components/appointment-status-badge';
import { timeRange, wallOf } from '@/lib/clinic-time';
import { SeriesMark } from '../components/series-mark';
import { useClinicOptions } from '../api/get-booking-options';

/** A record id from the address, else no filter (a mistyped one would only make the list fail). */
const idOf = (value: string | null) => (value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null);

export default function AppointmentsPage() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  // Deleting is an administrator's correction of a mistaken booking; everyone else cancels with a reason in the details.
  const canDelete = can('appointment_delete');
  // Newest visit first, the date column showing the order, until the user sorts by another column.
  const list = useListState({ filters: ['status', 'date', 'clinic'] as const, defaultSortBy: 'datetime' });
  const status = oneOf(list.filters.status, APPOINTMENT_STATUSES);
  const date = dayOf(list.filters.date);
  const clinic = idOf(list.filters.clinic);
  const clinics = useClinicOptions();
  const [toDelete, setToDelete] = useState<AppointmentRecord | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // A notification links here with the appointment's id: open its details.
  const linkedId = useSearchParams()[0].get('id');
  useEffect(() => { if (linkedId) setOpenId(linkedId); }, [linkedId]);
  const opened = useAppointment(openId);
  const listFilters = { status, date, clinic };
  const appointments = useListQuery(list, appointmentsQueryOptions, listFilters);

  const columns: DataTableColumn<AppointmentRecord>[] = [
    { key: 'publicId', header: t('appointments.columns.id'), sortKey: 'publicId', render: (a) => <Group gap={4} wrap="nowrap"><IdCell>{a.publicId}</IdCell><SeriesMark appointment={a} /></Group> },
    {
      key: 'datetime',
      header: t('appointments.columns.dateTime'),
      sortKey: 'datetime',
      render: (a) => {
        const s = wallOf(a.datetime);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{formatDay(s.date, i18n.language)}</Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{timeRange(s.time, wallOf(a.endsAt).time)}</Text>
          </Stack>
        );
      },
    },
    {
      key: 'patient',
      header: t('appointments.columns.patient'),
      sortKey: 'patient',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>{a.patient.name}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>{a.reason}</Text>
        </Stack>
      ),
    },
    { key: 'doctor', header: t('appointments.columns.doctor'), sortKey: 'doctor', render: (a) => <Text size="sm">{a.doctor.name}</Text> },
    {
      key: 'clinic',
      header: t('appointments.columns.clinic'),
      sortKey: 'clinic',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.clinic.name}</Text>
          <Text size="xs" c="dimmed">{a.service.name}</Text>
        </Stack>
      ),
    },
    { key: 'status', header: t('appointments.columns.status'), sortKey: 'status', render: (a) => <AppointmentStatusBadge status={a.status} /> },
  ];
  if (canDelete) {
    columns.push({
      key: 'actions',
      header: t('appointments.columns.actions'),
      align: 'end',
      width: 80,
      render: (a) => mayDeleteAppointment(a) && (
        <RowActions
          actions={[
            { kind: 'delete', label: t('appointments.delete.button'), ariaLabel: t('appointments.delete.rowLabel', { id: a.publicId }), onClick: () => setToDelete(a), testId: 'appointment-row-delete' },
          ]}
        />
      ),
    });
  }

  return (
    <ListFrame
      exportButton={<ExportButton {...appointmentsRequest({ ...listParams(list), ...listFilters })} />}
      title={t('appointments.list.title')}
      subtitle={t('appointments.list.subtitle')}
      actions={
        <>
          <Button component={Link} to="/patients/appointments" variant="light" leftSection={<IconCalendarWeek size={16} />} data-testid="open-calendar">
            {t('appointments.list.calendar')}
          </Button>
          {canWrite && (
            <Button component={Link} to="/appointments/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-appointment">
              {t('appointments.list.add')}
            </Button>
          )}
        </>
      }
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('appointments.list.searchPlaceholder') }}
          selects={[
            {
              key: 'status',
              label: t('appointments.list.status'),
              placeholder: t('appointments.list.allStatuses'),
              value: status,
              data: APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`appointments.status.${s}`) })),
              onChange: (value) => list.setFilter('status', value),
            },
            {
              key: 'clinic',
              label: t('appointments.list.clinic'),
              placeholder: t('appointments.list.allClinics'),
              value: clinic,
              data: (clinics.data ?? []).map((c) => ({ value: c._id, label: c.name })),
              onChange: (value) => list.setFilter('clinic', value),
            },
          ]}
          date={{ value: date, onChange: (value) => list.setFilter('date', dayOf(value)), label: t('appointments.list.date'), placeholder: t('appointments.list.datePlaceholder') }}
        />
      }
      list={list}
      query={appointments}
      columns={columns}
      data-testid="appointments-table"
      getRowKey={(a) => a._id}
      onRowClick={(a) => setOpenId(a._id)}
      rowLabel={(a) => `${a.publicId} ${a.patient.name}`}
      emptyText={t('appointments.list.empty')}
      emptyIcon={<IconCalendarOff stroke={1.6} />}
      minWidth={860}
    >
      <DeleteAppointmentDialog appointmentId={toDelete?._id ?? null} onClose={() => setToDelete(null)} />
      <Drawer
        opened={Boolean(openId)}
        onClose={() => setOpenId(null)}
        position="right"
        size="md"
        padding="lg"
        title={<Group gap="xs"><Text fw={700}>{t('calendar.detailsTitle')}</Text></Group>}
      >
        <AppointmentDetails appointment={opened.data} loading={opened.isPending} onDeleted={() => setOpenId(null)} />
      </Drawer>
    </ListFrame>
  );
}
