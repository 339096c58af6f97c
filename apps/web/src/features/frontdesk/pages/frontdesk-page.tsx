import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Box, Button, Card, CloseButton, Drawer, Group, Loader, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@/components/dates/pickers';
import { IconAlertCircle, IconBuildingHospital, IconCalendar, IconSearch, IconUserPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseDateText } from '@clinic/shared';
import { useAppointment, useBoard, useBoardScreen, useClinicOptions } from '@/features/appointments';
import { AppointmentDetails } from '@/features/appointment-panel';
import { QueueStrip, useBoardTickets } from '@/features/waiting-room';
import { dateInputFormat, formatDay } from '@/lib/dates';
import { useClinicChoice } from '@/lib/clinic-choice';
import { useSession } from '@/lib/session-context';
import { BoardColumn } from '../components/board-column';
import { boardSections } from '../components/board-sections';
import { WalkInDialog } from '../components/walk-in-dialog';

/**
 * Today's board: one clinic's day at the front desk, in the clinic's time zone, by status (expected, checked in with
 * minutes waiting, in consultation, completed, no-show, cancelled), each card with its next steps. It asks again every
 * 15 seconds, so what another desk does shows by itself.
 */
export default function FrontdeskPage() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const clinics = useClinicOptions();
  const { clinicId, choose } = useClinicChoice(clinics.data);
  /** The day picked (null: today where the clinic is). */
  const [day, setDay] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [walkIn, setWalkIn] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const { errors, setError, clearErrors } = useBoardScreen();
  const board = useBoard(clinicId, day);
  const opened = useAppointment(openId);
  const data = board.data && board.data.clinic._id === clinicId ? board.data : undefined;
  const all = data ? boardSections(data, search) : [];
  // Requests from the public booking page come first, across the board, while any wait for the desk.
  const requested = all.find((s) => s.status === 'requested');
  const sections = all.filter((s) => s !== requested);
  // Today's waiting room: the tickets of the checked-in (their labels on the cards) and each doctor's "Call next".
  const arrived = data && day === null ? data.groups.arrived.map((card) => card._id) : [];
  const { queue: queueData, labels: tickets } = useBoardTickets(clinicId, data && day === null ? { clinic: data.clinic._id, date: data.date } : null, arrived);
  const columnProps = { canWrite, errors, onError: setError, onOpen: setOpenId, tickets };

  return (
    <Stack gap="md" data-testid="frontdesk-board">
      <Card padding="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            aria-label={t('frontdesk.clinic')}
            placeholder={clinics.isPending ? t('common.loading') : t('appointments.form.clinicPlaceholder')}
            data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={clinicId}
            onChange={(value) => {
              if (!value) return;
              choose(value);
              clearErrors();
            }}
            allowDeselect={false}
            searchable
            leftSection={<IconBuildingHospital size={16} />}
            w={{ base: '100%', sm: 240 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="frontdesk-clinic"
          />
          <DateInput
            aria-label={t('frontdesk.day')}
            value={day ?? data?.date ?? null}
            onChange={(value) => setDay(value ? String(value).slice(0, 10) : null)}
            valueFormat={dateInputFormat(i18n.language)}
            dateParser={parseDateText}
            leftSection={<IconCalendar size={16} stroke={1.7} />}
            w={{ base: '100%', xs: 210 }}
            data-testid="frontdesk-day"
          />
          {day && (
            <Button variant="subtle" onClick={() => setDay(null)} data-testid="frontdesk-today">
              {t('frontdesk.today')}
            </Button>
          )}
          <TextInput
            type="search"
            aria-label={t('frontdesk.search')}
            placeholder={t('frontdesk.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={search ? <CloseButton size="sm" aria-label={t('common.actions.close')} onClick={() => setSearch('')} /> : null}
            style={{ flex: '1 1 14rem' }}
            data-testid="frontdesk-search"
          />
          {data && (
            <Button component={Link} to={`/print/schedule?clinic=${data.clinic._id}&date=${data.date}`} variant="light" leftSection={<IconPrinter size={16} />} data-testid="frontdesk-print">
              {t('printouts.print')}
            </Button>
          )}
          {canWrite && clinicId && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setWalkIn(true)} data-testid="frontdesk-walk-in">
              {t('frontdesk.walkIn.button')}
            </Button>
          )}
        </Group>
        {data && (
          <Group gap={6} mt="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="frontdesk-day-label">
              {t('frontdesk.dayIn', { day: formatDay(data.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }), zone: data.clinic.timeZone })}
            </Text>
            {board.isFetching && <Loader size={10} role="status" aria-label={t('common.loading')} />}
          </Group>
        )}
      </Card>

      {board.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{board.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void board.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}

      {!data && !board.isError ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy data-testid="frontdesk-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          {queueData && <QueueStrip queue={queueData} canWrite={canWrite} />}
          {requested && <BoardColumn section={requested} {...columnProps} />}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
            {sections.map((section) => (
              <BoardColumn key={section.status} section={section} {...columnProps} />
            ))}
          </SimpleGrid>
        </>
      )}

      {clinicId && <WalkInDialog opened={walkIn} clinicId={clinicId} onClose={() => setWalkIn(false)} />}
      <Drawer opened={Boolean(openId)} onClose={() => setOpenId(null)} position="right" size="md" padding="lg" title={<Text fw={700}>{t('calendar.detailsTitle')}</Text>}>
        <Box>
          <AppointmentDetails appointment={opened.data} loading={opened.isPending} onDeleted={() => setOpenId(null)} />
        </Box>
      </Drawer>
    </Stack>
  );
}
