import { useEffect, useMemo, useState } from 'react';
import { Box, Card, Drawer, Group, Stack, Text, useDirection } from '@mantine/core';
import { useDebouncedValue, useInterval, useMediaQuery } from '@mantine/hooks';
import { IconBuildingHospital, IconStethoscope } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppointment, useAvailability, useCalendarAppointments, useClinicOptions, useClinicWeek, useDayCards, useDoctorsDay } from '@/features/appointments';
import { AppointmentDetails } from '@/features/appointment-panel';
import { addDays, wallAt, type WallTime, wallToIso, weekStart } from '@/lib/clinic-time';
import { useSession } from '@/lib/session-context';
import { CalendarAddForm } from '../components/calendar-add-form';
import { CalendarGrid } from '../components/calendar-grid';
import { CalendarMoveDialog } from '../components/calendar-move-dialog';
import { CalendarEmpty, CalendarLoading } from '../components/calendar-states';
import { CalendarToolbar, type CalendarView } from '../components/calendar-toolbar';
import { DayView, type DayDoctor } from '../components/day-view';
import { useCalendarMove } from '../hooks/use-calendar-move';
import { useClinicChoice } from '@/lib/clinic-choice';

const PHONE = '(max-width: 768px)';
/**
 * Days a phone shows: one, so visits that overlap stand side by side with their names readable; Previous and Next
 * move by a day.
 */
const PHONE_DAYS = 1;

function browserToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * The weekly appointment calendar of one clinic, in that clinic's time zone: the whole week (Sunday to Saturday, the
 * days the clinic is closed shaded), or one day on a phone; the window stays put while the Add Appointment form is
 * open, so the clicked day stays in view. Rows run from opening to closing in steps of the clinic's visit duration.
 * Allowed cells open the form; cards open the appointment; dragging a card asks before rescheduling it. Cancelled
 * appointments are hidden unless asked for, and then drawn behind the free cells (they no longer hold the time).
 * "Day by doctor" shows one day with a column per doctor of the clinic (`?view=day`, `&date=` for the day).
 */
export default function CalendarPage() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const isPhone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false }) ?? false;

  const clinics = useClinicOptions();
  const { clinicId, choose } = useClinicChoice(clinics.data);
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'day' ? 'day' : 'week';
  const isDay = view === 'day';
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  /** The day the user went to (null: today); the window is the week holding it (on a phone: that day). */
  const [anchor, setAnchor] = useState<string | null>(() => (/^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null));
  const [slot, setSlot] = useState<WallTime | null>(null);
  /** The doctor whose free cell was clicked in the day view: the form starts with that doctor. */
  const [slotDoctor, setSlotDoctor] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
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
  const week = useClinicWeek(clinicId);
  const start = isDay || isPhone ? focus : weekStart(focus, week.firstDayOfWeek);
  const end = addDays(start, days - 1);

  const availability = useAvailability(clinicId ? { clinic: clinicId, from: start, to: end, doctor: isDay ? null : doctorId } : null);
  const data = availability.data?.clinic?._id === clinicId ? availability.data : undefined;
  useEffect(() => {
    if (data) setZone({ clinic: data.clinic._id, timeZone: data.clinic.timeZone });
  }, [data]);
  // The grid's clock is the clinic's from its first drawing (the zone above is known one render later).
  const dataZone = data?.clinic.timeZone;
  const clinicNow = useMemo<WallTime>(() => (dataZone ? wallAt(new Date(tick), dataZone) : now), [dataZone, tick, now]);

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
  const move = useCalendarMove(timeZone);

  const shown = isDay ? dayCards : appointments;
  const loading = clinics.isPending || (Boolean(clinicId) && (!data || (shown.isPending && Boolean(range))));
  const fetching = availability.isFetching || shown.isFetching;

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
    choose(value);
    setDoctorId(null);
    setSlot(null);
  };

  const openForm = (at: WallTime, doctor: string | null = null) => {
    setSlotDoctor(doctor);
    setSlot(at);
  };

  const step = (direction: 1 | -1) => setAnchor(addDays(start, direction * days));
  const closeForm = () => setSlot(null);

  const form = slot && clinicId && <CalendarAddForm slot={slot} clinicId={clinicId} doctorId={isDay ? slotDoctor : doctorId} onClose={closeForm} />;

  return (
    <Stack gap="md" data-testid="calendar-page">
      <CalendarToolbar
        view={view}
        isPhone={isPhone}
        start={start}
        end={end}
        days={days}
        today={now.date}
        fetching={fetching && !loading}
        timeZone={timeZone}
        direction={dir}
        searchText={searchText}
        doctorOptions={(data?.doctors ?? []).map((d) => ({ value: d._id, label: d.name }))}
        doctorId={doctorId}
        clinicOptions={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
        clinicsPending={clinics.isPending}
        clinicId={clinicId}
        showCancelled={showCancelled}
        onView={chooseView}
        onAnchor={setAnchor}
        onStep={step}
        onSearch={setSearchText}
        onDoctor={setDoctorId}
        onClinic={chooseClinic}
        onShowCancelled={setShowCancelled}
      />

      <Group align="flex-start" gap="md" wrap="nowrap">
        <Card padding="sm" style={{ flex: 1, minWidth: 0 }} pos="relative">
          {!clinics.isPending && !clinics.data?.length ? (
            <CalendarEmpty icon={IconBuildingHospital} title={t('calendar.noClinics')} hint={t('calendar.noClinicsHint')} />
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
                    now={clinicNow}
                    canWrite={canWrite}
                    direction={dir}
                    onCellClick={openForm}
                    onOpen={setOpenId}
                    onMove={(card, to, doctor) => move.propose(card, to, () => {}, dayDoctors.find((d) => d._id === doctor))}
                  />
                ) : (
                  <CalendarEmpty icon={IconStethoscope} title={t('calendar.dayView.noDoctors')} testId="dayview-empty" />
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
                  now={clinicNow}
                  canWrite={canWrite}
                  direction={dir}
                  onCellClick={(at) => openForm(at)}
                  onOpen={setOpenId}
                  onMove={move.propose}
                  weekendDays={week.weekendDays}
                />
              )}
              {loading && <CalendarLoading />}
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
        <Drawer opened={Boolean(form)} onClose={closeForm} position="bottom" size="92%" withCloseButton={false} padding="lg">
          <Box data-testid="appointment-side-form">{form}</Box>
        </Drawer>
      )}

      <CalendarMoveDialog move={move} />

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
