import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type WeekDay } from '@clinic/shared';
import { localeOf } from '@/lib/dates';
import { getCurrentWeek, weekOrder } from '@/lib/format/display';
import { TimeInput24 } from './fields';

export interface EditorSlot {
  startTime: string;
  endTime: string;
}
export interface EditorDay {
  day: WeekDay | string;
  timeSlots: EditorSlot[];
}
export type SlotEdge = 'startTime' | 'endTime';

interface WorkingHoursEditorProps {
  value: EditorDay[] | undefined;
  onChange: (value: EditorDay[]) => void;
  /** The (translated) message of one time of a day's slot. */
  slotError?: (day: string, slot: number, edge: SlotEdge) => string | undefined;
  /** A day's own message (for example overlapping slots). */
  dayError?: (day: string) => string | undefined;
  /** The list's message (for example "at least one day"). */
  error?: string;
  /** The hours a newly opened day starts with (the spec's default clinic hours are 9 to 18). */
  defaultSlot?: EditorSlot;
  /** At most this many slots a day (two shifts for user accounts). */
  maxSlots?: number;
  testId?: string;
  /** Test ids of a day's open box and of a slot's times (each form keeps its own names). */
  dayTestId?: (day: string) => string;
  slotTestId?: (day: string, slot: number, edge: SlotEdge) => string;
  /** The week's first day, 0 (Sunday) .. 6 (Saturday): by default that of the clinic being worked with. */
  firstDayOfWeek?: number;
}

const order = (day: string) => WEEK_DAYS.indexOf(day as WeekDay);
const pad = (n: number) => String(n).padStart(2, '0');
const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const clock = (total: number) => `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;

/** A two-hour slot starting when the previous one ends (capped at the end of the day). */
function slotAfter(previous: EditorSlot): EditorSlot {
  const start = Math.min(minutes(previous.endTime || '00:00'), 23 * 60);
  return { startTime: clock(start), endTime: clock(Math.min(start + 120, 23 * 60 + 59)) };
}

/** The weekday's name in the interface language (2024-01-07 was a Sunday). */
export function weekdayName(day: string, lang: string): string {
  const i = order(day);
  if (i < 0) return day;
  return new Intl.DateTimeFormat(localeOf(lang), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + i)));
}

/** 'HH:MM' as a 24-hour time in the interface language. */
export function formatClock(time: string, lang: string): string {
  if (!/^\d{2}:\d{2}$/.test(time)) return time;
  return new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7, 0, minutes(time))));
}

/**
 * Weekly hours, the one editor of clinics, staff and user accounts: each weekday is open or closed and holds one or
 * more 24-hour time slots (for example 09:00-13:00 and 16:00-21:00), kept in week order. Each time shows its own
 * message (end after start, inside the hours, no overlap).
 */
export function WorkingHoursEditor({
  value = [], onChange, slotError, dayError, error, defaultSlot = { startTime: '09:00', endTime: '18:00' }, maxSlots = 6,
  testId = 'working-hours-editor', dayTestId = (day) => `working-day-${day}-open`, slotTestId = (day, j, edge) => `working-day-${day}-${j}-${edge === 'startTime' ? 'start' : 'end'}`,
  firstDayOfWeek,
}: WorkingHoursEditorProps) {
  const { t, i18n } = useTranslation();
  const week = weekOrder(firstDayOfWeek ?? getCurrentWeek().firstDayOfWeek).map((i) => WEEK_DAYS[i]!);
  const entries = [...value].sort((a, b) => order(a.day) - order(b.day));
  const update = (next: EditorDay[]) => onChange([...next].sort((a, b) => order(a.day) - order(b.day)));
  const setDay = (day: WeekDay, open: boolean) => update(open ? [...entries, { day, timeSlots: [{ ...defaultSlot }] }] : entries.filter((e) => e.day !== day));
  const setSlots = (day: string, slots: EditorSlot[]) => update(entries.map((e) => (e.day === day ? { ...e, timeSlots: slots } : e)));
  const copyToAll = (from: EditorDay) => update(entries.map((e) => (e.day === from.day ? e : { ...e, timeSlots: from.timeSlots.map((s) => ({ ...s })) })));

  return (
    <Stack gap="xs" data-testid={testId}>
      {week.map((day) => {
        const entry = entries.find((e) => e.day === day);
        const name = weekdayName(day, i18n.language);
        const own = entry && dayError?.(day);
        const summary = entry?.timeSlots
          .filter((s) => s.startTime && s.endTime)
          .map((s) => `${formatClock(s.startTime, i18n.language)} – ${formatClock(s.endTime, i18n.language)}`)
          .join(' · ');
        return (
          <Paper key={day} withBorder p="sm" radius="md" data-testid={`working-day-${day}`} data-open={entry ? 'true' : 'false'}>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Stack gap={2} w={150}>
                <Checkbox label={name} checked={Boolean(entry)} onChange={(e) => setDay(day, e.currentTarget.checked)} mt={6} fw={600} data-testid={dayTestId(day)} />
                {summary && (
                  <Text size="xs" c="dimmed" ps={28}>
                    {summary}
                  </Text>
                )}
              </Stack>
              {entry ? (
                <Stack gap="xs" style={{ flex: '1 1 18rem', minWidth: 0 }}>
                  {entry.timeSlots.map((slot, j) => {
                    const time = (edge: SlotEdge, label: string) => (
                      <TimeInput24
                        aria-label={`${name} ${label}`}
                        value={slot[edge]}
                        onChange={(v) => setSlots(day, entry.timeSlots.map((s, k) => (k === j ? { ...s, [edge]: v } : s)))}
                        error={slotError?.(day, j, edge)}
                        style={{ flex: '1 1 8rem', minWidth: 0 }}
                        data-testid={slotTestId(day, j, edge)}
                      />
                    );
                    return (
                      <Group key={j} gap="xs" align="flex-start" wrap="nowrap">
                        {time('startTime', t('organisation.workingHours.start'))}
                        <Text c="dimmed" mt={6} aria-hidden>
                          –
                        </Text>
                        {time('endTime', t('organisation.workingHours.end'))}
                        <Tooltip label={t('organisation.workingHours.removeSlot')}>
                          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t('organisation.workingHours.removeSlot')} disabled={entry.timeSlots.length === 1} onClick={() => setSlots(day, entry.timeSlots.filter((_, k) => k !== j))}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    );
                  })}
                  {own && (
                    <Text size="xs" c="red">
                      {own}
                    </Text>
                  )}
                  <Group gap="xs">
                    {entry.timeSlots.length < maxSlots && (
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        leftSection={<IconPlus size={12} />}
                        onClick={() => {
                          const last = entry.timeSlots.at(-1);
                          setSlots(day, [...entry.timeSlots, last ? slotAfter(last) : { ...defaultSlot }]);
                        }}
                        data-testid={`working-day-${day}-add-slot`}
                      >
                        {t('organisation.workingHours.addSlot')}
                      </Button>
                    )}
                    {entries.length > 1 && (
                      <Button variant="subtle" color="gray" size="compact-xs" leftSection={<IconCopy size={12} />} onClick={() => copyToAll(entry)}>
                        {t('organisation.workingHours.copyToAll')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" mt={6}>
                  {t('organisation.workingHours.closed')}
                </Text>
              )}
            </Group>
          </Paper>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="working-hours-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
