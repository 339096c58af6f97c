import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Box, Button, Card, Checkbox, CloseButton, Drawer, Group, Loader, Modal, Overlay, SegmentedControl, Select, Stack, Text, TextInput, Title,
  Tooltip, useDirection,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDebouncedValue, useInterval, useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle, IconBuildingHospital, IconCalendar, IconChevronLeft, IconChevronRight, IconList, IconSearch, IconStethoscope,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentCard } from '@clinic/shared';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { useAvailability } from '@/features/appointments/api/get-availability';
import { useClinicOptions } from '@/features/appointments/api/get-booking-options';
import { useCalendarAppointments } from '@/features/appointments/api/get-calendar-appointments';
import { useDayCards, useDoctorsDay } from '@/features/appointments/api/get-day-by-doctor';
import { useUpdateAppointment } from '@/features/appointments/api/update-appointment';
import { AppointmentDetails } from '@/features/appointments/components/appointment-details';
import { AppointmentForm } from '@/features/appointments/components/appointment-form';
import { STATUS_COLORS } from '@/features/appointments/components/appointment-status-badge';
import { addDays, wallAt, wallOf, wallToIso, weekStart, type WallTime } from '@/features/appointments/components/clinic-time';
import { FIRST_DAY_OF_WEEK, formatDay, formatDayRange, localiseDates } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { CalendarGrid } from '../components/calendar-grid';
import { DayView, type DayDoctor } from '../components/day-view';
import classes from '../components/calendar.module.css';

const PHONE = '(max-width: 768px)';
/** Days a phone shows side by side; Previous and Next move by as many, so no day is skipped. */
const PHONE_DAYS = 3;

function browserToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** What the move dialog needs of an appointment: a full record (week view) or a lean card (day view). */
type Movable = Pick<AppointmentCard, '_id' | 'patient' | 'doctor' | 'datetime' | 'version'>;

/** A card dropped on another time (and, in the day view, maybe another doctor), waiting for the user to confirm. */
interface PendingMove {
  record: Movable;
  to: WallTime;
  /** The doctor it moves to, when that changes. */
  doctor?: { _id: string; name: string };
  revert: () => void;
}

type CalendarView = 'week' | 'day';
const LEGEND_STATUSES = ['scheduled', 'arrived', 'in_consultation', 'completed', 'no_show'] as const;

/**
 * The weekly appointment calendar of one clinic, in that clinic's time zone: the whole week (Sunday to Saturday, the
 * days the clinic is closed shaded), or 3 days on a phone; the window stays put while the Add Appointment form is
 * open, so the clicked day stays in view. Rows run from opening to closing in steps of the clinic's visit duration.
 * Allowed cells open the form; cards open the appointment; dragging a card asks before rescheduling it. Cancelled
 * appointments are hidden unless asked for, and then drawn behind the free cells (they no longer hold the time).
 * "Day by doctor" shows one day with a column per doctor of the clinic (`?view=day`, `&date=` for the day).
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const isPhone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false }) ?? false;

  const clinics = useClinicOptions();
  const [clinicChoice, setClinicChoice] = useState<string | null>(null);
  const clinicId = clinicChoice ?? clinics.data?.[0]?._id ?? null;
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'day' ? 'day' : 'week';
  const isDay = view === 'day';
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  /** The day the user went to (null: today); the window is the week holding it (on a phone: 3 days from it). */
  const [anchor, setAnchor] = useState<string | null>(() => (/^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null));
  const [slot, setSlot] = useState<WallTime | null>(null);
  /** The doctor whose free cell was clicked in the day view: the form starts with that doctor. */
  const [slotDoctor, setSlotDoctor] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [tick, setTick] = useState(() => Date.now());
  const clock = useInterval(() => setTick(Date.now()), 60_000);
  useEffect(() => {
    clock.start();
    return clock.stop;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const [zone, setZone] = useState<{ clinic: string; timeZone: string } | null>(null);
  const timeZone = zone && zone.clinic === clinicId ? zone.timeZone : null;
  const now = useMemo<WallTime>(() => (timeZone ? wallAt(new Date(tick), timeZone) : { date: browserToday(), time: dayjs(tick).format('HH:mm') }), [timeZone, tick]);
  const focus = anchor ?? now.date;
  const days = isDay ? 1 : isPhone ? PHONE_DAYS : 7;
  const start = isDay || isPhone ? focus : weekStart(focus, FIRST_DAY_OF_WEEK);
  const end = addDays(start, days - 1);

  const availability = useAvailability(clinicId ? { clinic: clinicId, from: start, to: end, doctor: isDay ? null : doctorId } : null);
  const data = availability.data && availability.data.clinic._id === clinicId ? availability.data : undefined;
  useEffect(() => {
    if (data) setZone({ clinic: data.clinic._id, timeZone: data.clinic.timeZone });
  }, [data]);

  const range = clinicId && timeZone
    ? { clinic: clinicId, doctor: doctorId, search, from: wallToIso(start, '00:00', timeZone), to: wallToIso(addDays(start, days), '00:00', timeZone) }
    : null;
  const appointments = useCalendarAppointments(isDay ? null : range);
  // The day by doctor reads lean cards, and each doctor's own hours that day.
  const dayCards = useDayCards(isDay && range ? { clinic: range.clinic, search, from: range.from, to: range.to } : null);
  // The clinic's doctors, then anyone else with an appointment that day (a doctor since moved or made inactive), so
  // no appointment is left without a column.
  const dayDoctors = useMemo(() => {
    if (!isDay) return [];
    const list: DayDoctor[] = [...(data?.doctors ?? [])];
    for (const c of dayCards.data?.data ?? []) {
      if (!list.some((d) => d._id === c.doctor._id)) list.push({ _id: c.doctor._id, name: c.doctor.name, image: null, serviceIds: [] });
    }
    return list;
  }, [isDay, data, dayCards.data]);
  const doctorDays = useDoctorsDay(isDay ? clinicId : null, start, useMemo(() => dayDoctors.map((d) => d._id), [dayDoctors]));
  const opened = useAppointment(openId);
  const move = useUpdateAppointment();

  const shown = isDay ? dayCards : appointments;
  const loading = clinics.isPending || (Boolean(clinicId) && (!data || (shown.isPending && Boolean(range))));
  const fetching = availability.isFetching || shown.isFetching;
  const doctorOptions = (data?.doctors ?? []).map((d) => ({ value: d._id, label: d.name }));
  const rangeLabel = isDay
    ? formatDay(start, i18n.language, { weekday: isPhone ? 'short' : 'long', day: 'numeric', month: isPhone ? 'short' : 'long', year: 'numeric' })
    : formatDayRange(start, end, i18n.language);

  const chooseView = (next: string) => {
    setSlot(null);
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next === 'day') out.set('view', 'day');
      else out.delete('view');
      out.delete('date');
      return out;
    }, { replace: true });
  };

  const chooseClinic = (value: string | null) => {
    if (!value) return;
    setClinicChoice(value);
    setDoctorId(null);
    setSlot(null);
  };

  const onMove = (record: Movable, to: WallTime, revert: () => void, doctor?: { _id: string; name: string }) => {
    if (!timeZone) return revert();
    setMoveError(null);
    setPendingMove({ record, to, revert, doctor: doctor && doctor._id !== record.doctor._id ? doctor : undefined });
  };

  const openForm = (at: WallTime, doctor: string | null = null) => {
    setSlotDoctor(doctor);
    setSlot(at);
  };

  const cancelMove = () => {
    if (move.isPending) return;
    pendingMove?.revert();
    setPendingMove(null);
    setMoveError(null);
  };

  // The refusal shows in the dialog the user just answered; closing it puts the card back.
  const confirmMove = () => {
    if (!pendingMove || !timeZone) return;
    const { record, to, doctor } = pendingMove;
    setMoveError(null);
    move.mutate(
      { id: record._id, input: { datetime: wallToIso(to.date, to.time, timeZone), ...(doctor ? { doctor: doctor._id } : {}), version: record.version } },
      {
        onSuccess: () => setPendingMove(null),
        onError: (error) => setMoveError(isApiError(error) ? localiseDates(error.message, i18n.language) : t('errors.unexpected')),
      },
    );
  };

  const step = (direction: 1 | -1) => setAnchor(addDays(start, direction * days));
  const previousLabel = isDay ? 'calendar.dayView.previousDay' : isPhone ? 'calendar.previousDays' : 'calendar.previousWeek';
  const nextLabel = isDay ? 'calendar.dayView.nextDay' : isPhone ? 'calendar.nextDays' : 'calendar.nextWeek';
  const whenText = (w: WallTime) => `${formatDay(w.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })} \u2066${w.time}\u2069`;

  const form = slot && clinicId && (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('calendar.addTitle')}</Title>
        <CloseButton onClick={() => setSlot(null)} aria-label={t('common.actions.close')} data-testid="appointment-form-close" />
      </Group>
      <AppointmentForm
        key={`${clinicId}-${isDay ? (slotDoctor ?? '') : (doctorId ?? '')}`}
        slot={slot}
        clinicId={clinicId}
        doctorId={isDay ? slotDoctor : doctorId}
        compact
        onBooked={() => setSlot(null)}
      />
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="calendar-page">
      <Card padding="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Button variant="default" onClick={() => setAnchor(null)} data-testid="calendar-today">
                {t('calendar.today')}
              </Button>
              <Tooltip label={t(previousLabel)}>
                <ActionIcon variant="default" size="lg" onClick={() => step(-1)} aria-label={t(previousLabel)} data-testid="calendar-prev">
                  {dir === 'rtl' ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t(nextLabel)}>
                <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label={t(nextLabel)} data-testid="calendar-next">
                  {dir === 'rtl' ? <IconChevronLeft size={18} /> : <IconChevronRight size={18} />}
                </ActionIcon>
              </Tooltip>
              <Title order={3} fz={{ base: 'md', sm: 'lg' }} ms="xs" data-testid="calendar-range" style={{ whiteSpace: 'nowrap' }}>
                {rangeLabel}
              </Title>
              {fetching && !loading && <Loader size="xs" aria-hidden />}
            </Group>
            <Group gap="xs" wrap="wrap">
              <SegmentedControl
                aria-label={t('calendar.dayView.viewLabel')}
                value={view}
                onChange={chooseView}
                data={[
                  { value: 'week', label: t('calendar.dayView.week') },
                  { value: 'day', label: t('calendar.dayView.byDoctor') },
                ]}
                data-testid="calendar-view"
              />
              <MonthPickerInput
                aria-label={t('calendar.month')}
                value={`${addDays(start, Math.floor(days / 2)).slice(0, 7)}-01`}
                onChange={(value) => {
                  if (!value) return;
                  const month = String(value).slice(0, 7);
                  setAnchor(month === now.date.slice(0, 7) ? null : `${month}-01`);
                }}
                valueFormat="MMMM YYYY"
                leftSection={<IconCalendar size={16} />}
                w={{ base: 170, sm: 190 }}
                data-testid="calendar-month"
              />
              <Button component={Link} to="/appointments" variant="light" leftSection={<IconList size={16} />} visibleFrom="sm">
                {t('calendar.listView')}
              </Button>
            </Group>
          </Group>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              type="search"
              aria-label={t('calendar.search')}
              placeholder={t('calendar.searchPlaceholder')}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: '1 1 16rem' }}
              data-testid="calendar-search"
            />
            {!isDay && <Select
              aria-label={t('calendar.doctor')}
              placeholder={t('calendar.allDoctors')}
              data={doctorOptions}
              value={doctorId}
              onChange={setDoctorId}
              clearable
              searchable
              leftSection={<IconStethoscope size={16} />}
              nothingFoundMessage={t('calendar.noDoctors')}
              w={{ base: '100%', xs: 220 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="calendar-doctor"
            />}
            <Select
              aria-label={t('calendar.clinic')}
              placeholder={clinics.isPending ? t('common.loading') : t('calendar.noClinics')}
              data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              value={clinicId}
              onChange={chooseClinic}
              allowDeselect={false}
              searchable
              leftSection={<IconBuildingHospital size={16} />}
              w={{ base: '100%', xs: 240 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="calendar-clinic"
            />
          </Group>
          <Group gap="md" wrap="wrap">
            {LEGEND_STATUSES.map((s) => (
              <Group key={s} gap={6} wrap="nowrap">
                <span className={classes.legendSwatch} style={{ background: `var(--mantine-color-${STATUS_COLORS[s]}-5)` }} />
                <Text size="xs" c="dimmed">
                  {t(`appointments.status.${s}`)}
                </Text>
              </Group>
            ))}
            <Checkbox
              size="xs"
              color="red"
              checked={showCancelled}
              onChange={(e) => setShowCancelled(e.currentTarget.checked)}
              label={<Text size="xs" c="dimmed" span>{t('calendar.showCancelled')}</Text>}
              data-testid="calendar-show-cancelled"
            />
            <Group gap={6} wrap="nowrap">
              <span className={`${classes.legendSwatch} ${classes.legendClosed}`} />
              <Text size="xs" c="dimmed">
                {t('calendar.unavailable')}
              </Text>
            </Group>
            {isDay && (
              <Group gap={6} wrap="nowrap">
                <span className={`${classes.legendSwatch} ${classes.legendBreak}`} />
                <Text size="xs" c="dimmed">
                  {t('calendar.dayView.break')}
                </Text>
              </Group>
            )}
            {timeZone && (
              <Text size="xs" c="dimmed" ms="auto" data-testid="calendar-zone">
                {t('calendar.zone', { zone: timeZone })}
              </Text>
            )}
          </Group>
        </Stack>
      </Card>

      <Group align="flex-start" gap="md" wrap="nowrap">
        <Card padding="sm" style={{ flex: 1, minWidth: 0 }} pos="relative">
          {!clinics.isPending && !clinics.data?.length ? (
            <Stack align="center" py="xl" gap="xs">
              <IconBuildingHospital size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
              <Text fw={600}>{t('calendar.noClinics')}</Text>
              <Text size="sm" c="dimmed">
                {t('calendar.noClinicsHint')}
              </Text>
            </Stack>
          ) : (
            <Box pos="relative" mih={320}>
              {data && isDay && (
                dayDoctors.length ? (
                  <DayView
                    date={start}
                    availability={data}
                    doctors={dayDoctors}
                    doctorDays={doctorDays}
                    cards={dayCards.data?.data ?? []}
                    showCancelled={showCancelled}
                    now={now}
                    canWrite={canWrite}
                    direction={dir}
                    onCellClick={openForm}
                    onOpen={setOpenId}
                    onMove={(card, to, doctor) => onMove(card, to, () => {}, dayDoctors.find((d) => d._id === doctor))}
                  />
                ) : (
                  <Stack align="center" py="xl" gap="xs" data-testid="dayview-empty">
                    <IconStethoscope size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
                    <Text fw={600}>{t('calendar.dayView.noDoctors')}</Text>
                  </Stack>
                )
              )}
              {data && !isDay && (
                <CalendarGrid
                  key={`${days}-${start}-${clinicId}`}
                  start={start}
                  days={days}
                  availability={data}
                  appointments={appointments.data?.data ?? []}
                  showCancelled={showCancelled}
                  now={now}
                  canWrite={canWrite}
                  direction={dir}
                  onCellClick={(at) => openForm(at)}
                  onOpen={setOpenId}
                  onMove={onMove}
                />
              )}
              {loading && (
                <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.7} blur={1} zIndex={5}>
                  <Stack align="center" justify="center" h="100%" gap="xs" data-testid="calendar-loading">
                    <Loader size="md" />
                    <Text size="sm" c="dimmed">
                      {t('common.loading')}
                    </Text>
                  </Stack>
                </Overlay>
              )}
            </Box>
          )}
        </Card>
        {form && !isPhone && (
          <Card w={360} padding="lg" style={{ flexShrink: 0, position: 'sticky', top: 76 }} data-testid="appointment-side-form">
            {form}
          </Card>
        )}
      </Group>

      {isPhone && (
        <Drawer opened={Boolean(form)} onClose={() => setSlot(null)} position="bottom" size="92%" withCloseButton={false} padding="lg">
          <Box data-testid="appointment-side-form">{form}</Box>
        </Drawer>
      )}

      <Modal
        opened={pendingMove !== null}
        onClose={cancelMove}
        title={<Text fw={600}>{t('calendar.move.title')}</Text>}
        size={420}
        centered
        closeOnClickOutside={!move.isPending}
        closeOnEscape={!move.isPending}
        data-testid="calendar-move-dialog"
      >
        {pendingMove && (
          <Stack gap="md">
            <Text size="sm" data-testid="calendar-move-text">
              {pendingMove.doctor
                ? t('calendar.dayView.moveText', {
                  patient: pendingMove.record.patient.name,
                  fromDoctor: pendingMove.record.doctor.name,
                  toDoctor: pendingMove.doctor.name,
                  from: whenText(wallOf(pendingMove.record.datetime)),
                  to: whenText(pendingMove.to),
                })
                : t('calendar.move.text', {
                  patient: pendingMove.record.patient.name,
                  doctor: pendingMove.record.doctor.name,
                  from: whenText(wallOf(pendingMove.record.datetime)),
                  to: whenText(pendingMove.to),
                })}
            </Text>
            {moveError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="calendar-move-error">
                {moveError}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancelMove} disabled={move.isPending} data-testid="calendar-move-cancel">
                {moveError ? t('common.actions.close') : t('calendar.move.keep')}
              </Button>
              {!moveError && (
                <Button onClick={confirmMove} loading={move.isPending} data-autofocus data-testid="calendar-move-confirm">
                  {t('calendar.move.confirm')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>

      <Drawer
        opened={Boolean(openId)}
        onClose={() => setOpenId(null)}
        position="right"
        size="md"
        title={<Text fw={700}>{t('calendar.detailsTitle')}</Text>}
        padding="lg"
      >
        <AppointmentDetails appointment={opened.data} loading={opened.isPending} onDeleted={() => setOpenId(null)} />
      </Drawer>
    </Stack>
  );
}
