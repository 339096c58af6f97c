import { useEffect, useState } from 'react';
import { Button, Card, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconCalendarWeek, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, type AppointmentRecord, type AppointmentStatus } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useSession } from '@/lib/session-context';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useAppointment } from '../api/get-appointment';
import { useAppointments } from '../api/get-appointments';
import { AppointmentDetails } from '../components/appointment-details';
import { AppointmentsTable } from '../components/appointments-table';

export default function AppointmentsPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const list = useListState({ filters: ['status', 'date'] as const });
  const status = (APPOINTMENT_STATUSES as readonly string[]).includes(list.filters.status ?? '') ? (list.filters.status as AppointmentStatus) : null;
  const date = list.filters.date && /^\d{4}-\d{2}-\d{2}/.test(list.filters.date) ? list.filters.date.slice(0, 10) : null;
  const [toDelete, setToDelete] = useState<AppointmentRecord | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // A notification links here with the appointment's id: open its details.
  const linkedId = useSearchParams()[0].get('id');
  useEffect(() => { if (linkedId) setOpenId(linkedId); }, [linkedId]);
  const opened = useAppointment(openId);
  const remove = useDeleteAppointment();

  const appointments = useAppointments({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status, date });
  const pagination = appointments.data?.pagination;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
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
        />
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
          ]}
          date={{ value: date, onChange: (value) => list.setFilter('date', value ? value.slice(0, 10) : null), label: t('appointments.list.date'), placeholder: t('appointments.list.datePlaceholder') }}
        />
      </Stack>
      <Divider />
      <AppointmentsTable
        rows={appointments.data?.data}
        page={list.page}
        limit={list.limit}
        loading={appointments.isPending}
        stale={appointments.isPlaceholderData}
        filtered={list.isFiltered}
        error={appointments.isError ? appointments.error.message : null}
        onRetry={() => void appointments.refetch()}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(a) => setOpenId(a._id)}
        onDelete={canWrite ? setToDelete : undefined}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={pagination?.total_items ?? 0}
          totalPages={pagination?.total_pages ?? 1}
          exact={pagination?.total_exact ?? true}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      </Stack>
      <ConfirmDialog
        opened={Boolean(toDelete)}
        title={t('appointments.delete.title')}
        text={t('appointments.delete.text')}
        confirmLabel={t('appointments.delete.confirm')}
        cancelLabel={t('common.actions.cancel')}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) })}
      />
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
    </Card>
  );
}
