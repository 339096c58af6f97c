import { ActionIcon, Button, Card, Checkbox, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@/components/dates/pickers';
import { IconBuildingHospital, IconCalendar, IconChevronLeft, IconChevronRight, IconList, IconSearch, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '@/features/appointments';
import { formatDay, formatDayRange } from '@/lib/dates';
import classes from './calendar-toolbar.module.css';

export type CalendarView = 'week' | 'day';
const LEGEND_STATUSES = ['scheduled', 'arrived', 'in_consultation', 'completed', 'no_show'] as const;

interface Option {
  value: string;
  label: string;
}

export interface CalendarToolbarProps {
  view: CalendarView;
  isPhone: boolean;
  /** The first and last day shown, and how many. */
  start: string;
  end: string;
  days: number;
  /** The clinic's today. */
  today: string;
  /** Data is being refreshed behind what is shown. */
  fetching: boolean;
  timeZone: string | null;
  direction: 'ltr' | 'rtl';
  searchText: string;
  doctorOptions: Option[];
  doctorId: string | null;
  clinicOptions: Option[];
  clinicsPending: boolean;
  clinicId: string | null;
  showCancelled: boolean;
  onView: (view: string) => void;
  /** Go to a day (null: today). */
  onAnchor: (day: string | null) => void;
  onStep: (direction: 1 | -1) => void;
  onSearch: (text: string) => void;
  onDoctor: (doctorId: string | null) => void;
  onClinic: (clinicId: string | null) => void;
  onShowCancelled: (show: boolean) => void;
}

/**
 * The month the month picker shows for the days `start`..`end`: today's month while today is among them, otherwise
 * the month of the first day (the week of Nov 29 – Dec 5 is November's; next week, Dec 6 – 12, December's).
 */
export function monthShown(start: string, end: string, today: string): string {
  const day = today >= start && today <= end ? today : start;
  return `${day.slice(0, 7)}-01`;
}

/** The calendar's controls: today, previous and next, the view, the month, the search and filters, and the legend. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const { t, i18n } = useTranslation();
  const { view, isPhone, start, end, direction, onStep } = props;
  const isDay = view === 'day';
  const rangeLabel = isDay
    ? formatDay(start, i18n.language, { weekday: isPhone ? 'short' : 'long', day: 'numeric', month: isPhone ? 'short' : 'long', year: 'numeric' })
    : formatDayRange(start, end, i18n.language);
  // The other calendar's range (in brackets) goes on its own line, so a phone shows both whole.
  const cut = rangeLabel.indexOf(' (');
  const range = cut > 0 ? { main: rangeLabel.slice(0, cut), other: rangeLabel.slice(cut + 1) } : { main: rangeLabel, other: '' };
  const previousLabel = isDay ? 'calendar.dayView.previousDay' : isPhone ? 'calendar.previousDays' : 'calendar.previousWeek';
  const nextLabel = isDay ? 'calendar.dayView.nextDay' : isPhone ? 'calendar.nextDays' : 'calendar.nextWeek';

  return (
    <Card padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => props.onAnchor(null)} data-testid="calendar-today">
              {t('calendar.today')}
            </Button>
            <Tooltip label={t(previousLabel)}>
              <ActionIcon variant="default" size="lg" onClick={() => onStep(-1)} aria-label={t(previousLabel)} data-testid="calendar-prev">
                {direction === 'rtl' ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t(nextLabel)}>
              <ActionIcon variant="default" size="lg" onClick={() => onStep(1)} aria-label={t(nextLabel)} data-testid="calendar-next">
                {direction === 'rtl' ? <IconChevronLeft size={18} /> : <IconChevronRight size={18} />}
              </ActionIcon>
            </Tooltip>
            <Title order={3} fz={{ base: 'md', sm: 'lg' }} ms="xs" data-testid="calendar-range" style={{ minWidth: 0 }}>
              <span style={{ whiteSpace: 'nowrap' }}>{range.main}</span>
              {range.other && <Text span display="block" size="sm" c="dimmed" data-testid="calendar-range-other">{range.other}</Text>}
            </Title>
            {props.fetching && <Loader size="xs" aria-hidden />}
          </Group>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              aria-label={t('calendar.dayView.viewLabel')}
              value={view}
              onChange={props.onView}
              data={[
                { value: 'week', label: t('calendar.dayView.week') },
                { value: 'day', label: t('calendar.dayView.byDoctor') },
              ]}
              data-testid="calendar-view"
            />
            <MonthPickerInput
              aria-label={t('calendar.month')}
              value={monthShown(start, end, props.today)}
              onChange={(value) => {
                if (!value) return;
                const month = String(value).slice(0, 7);
                props.onAnchor(month === props.today.slice(0, 7) ? null : `${month}-01`);
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
            value={props.searchText}
            onChange={(e) => props.onSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            style={{ flex: '1 1 16rem' }}
            data-testid="calendar-search"
          />
          {!isDay && <Select
            aria-label={t('calendar.doctor')}
            placeholder={t('calendar.allDoctors')}
            data={props.doctorOptions}
            value={props.doctorId}
            onChange={props.onDoctor}
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
            placeholder={props.clinicsPending ? t('common.loading') : t('calendar.noClinics')}
            data={props.clinicOptions}
            value={props.clinicId}
            onChange={props.onClinic}
            allowDeselect={false}
            searchable
            leftSection={<IconBuildingHospital size={16} />}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="calendar-clinic"
          />
        </Group>
        <CalendarLegend isDay={isDay} timeZone={props.timeZone} showCancelled={props.showCancelled} onShowCancelled={props.onShowCancelled} />
      </Stack>
    </Card>
  );
}

function LegendItem({ swatch, label }: { swatch: { className: string | undefined; background?: string }; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={swatch.className} style={swatch.background ? { background: swatch.background } : undefined} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/** What the colours mean, the switch for cancelled appointments, and the clinic's time zone. */
function CalendarLegend({ isDay, timeZone, showCancelled, onShowCancelled }: {
  isDay: boolean;
  timeZone: string | null;
  showCancelled: boolean;
  onShowCancelled: (show: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap">
      {LEGEND_STATUSES.map((s) => (
        <LegendItem key={s} swatch={{ className: classes.legendSwatch, background: `var(--mantine-color-${STATUS_COLORS[s]}-5)` }} label={t(`appointments.status.${s}`)} />
      ))}
      <Checkbox
        size="xs"
        color="red"
        checked={showCancelled}
        onChange={(e) => onShowCancelled(e.currentTarget.checked)}
        label={<Text size="xs" c="dimmed" span>{t('calendar.showCancelled')}</Text>}
        data-testid="calendar-show-cancelled"
      />
      <LegendItem swatch={{ className: `${classes.legendSwatch} ${classes.legendClosed}` }} label={t('calendar.unavailable')} />
      {isDay && <LegendItem swatch={{ className: `${classes.legendSwatch} ${classes.legendBreak}` }} label={t('calendar.dayView.break')} />}
      {timeZone && (
        <Text size="xs" c="dimmed" ms="auto" data-testid="calendar-zone">
          {t('calendar.zone', { zone: timeZone })}
        </Text>
      )}
    </Group>
  );
}
