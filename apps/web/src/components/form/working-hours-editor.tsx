import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type WeekDay } from '@clinic/shared';
import { translateMessage } from '@/lib/http';

export interface EditorSlot {
  startTime: string;
  endTime: string;
}
export interface EditorDay {
  day: WeekDay | string;
  timeSlots: EditorSlot[];
}

type SlotErrors = { startTime?: { message?: string }; endTime?: { message?: string } };
type DayErrors = { day?: { message?: string }; timeSlots?: Array<SlotErrors | undefined> & { message?: string; root?: { message?: string } } };
export type WorkingHoursErrors = (Array<DayErrors | undefined> & { message?: string; root?: { message?: string } }) | { message?: string; root?: { message?: string } } | undefined;

interface WorkingHoursEditorProps {
  value: EditorDay[] | undefined;
  onChange: (value: EditorDay[]) => void;
  errors?: WorkingHoursErrors;
  /** The hours a newly opened day starts with (the spec's default clinic hours are 9 to 18). */
  defaultSlot?: EditorSlot;
}

const order = (day: string) => WEEK_DAYS.indexOf(day as WeekDay);

const pad = (n: number) => String(n).padStart(2, '0');
/** A two-hour slot starting when the previous one ends (capped at the end of the day). */
function slotAfter(previous: EditorSlot): EditorSlot {
  const [h = 0, m = 0] = previous.endTime.split(':').map(Number);
  const start = Math.min(h * 60 + m, 23 * 60);
  const end = Math.min(start + 120, 23 * 60 + 59);
  return { startTime: `${pad(Math.floor(start / 60))}:${pad(start % 60)}`, endTime: `${pad(Math.floor(end / 60))}:${pad(end % 60)}` };
}

/**
 * Weekly opening hours of a clinic: each weekday is open or closed and holds one or more time slots
 * (for example 09:00-13:00 and 16:00-21:00). Entries stay sorted Sunday to Saturday.
 */
export function WorkingHoursEditor({ value = [], onChange, errors, defaultSlot = { startTime: '09:00', endTime: '18:00' } }: WorkingHoursEditorProps) {
  const { t } = useTranslation();
  const entries = [...value].sort((a, b) => order(a.day) - order(b.day));
  const own = errors as { message?: string; root?: { message?: string } } | undefined;
  const listError = translateMessage(own?.message ?? own?.root?.message);

  const update = (next: EditorDay[]) => onChange([...next].sort((a, b) => order(a.day) - order(b.day)));
  const dayErrors = (day: string): DayErrors | undefined => {
    const i = value.findIndex((e) => e.day === day);
    return Array.isArray(errors) && i >= 0 ? (errors[i] as DayErrors | undefined) : undefined;
  };

  const setDay = (day: WeekDay, open: boolean) => {
    if (open) update([...entries, { day, timeSlots: [{ ...defaultSlot }] }]);
    else update(entries.filter((e) => e.day !== day));
  };
  const setSlots = (day: string, slots: EditorSlot[]) => update(entries.map((e) => (e.day === day ? { ...e, timeSlots: slots } : e)));
  const copyToAll = (from: EditorDay) =>
    update(entries.map((e) => (e.day === from.day ? e : { ...e, timeSlots: from.timeSlots.map((s) => ({ ...s })) })));

  return (
    <Stack gap="xs" data-testid="working-hours-editor">
      {WEEK_DAYS.map((day) => {
        const entry = entries.find((e) => e.day === day);
        const errs = dayErrors(day);
        const slotsMessage = translateMessage(errs?.timeSlots?.message ?? errs?.timeSlots?.root?.message);
        return (
          <Paper key={day} withBorder p="sm" radius="md" data-testid={`working-day-${day}`} data-open={entry ? 'true' : 'false'}>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Checkbox
                label={t(`organisation.days.${day}`)}
                checked={Boolean(entry)}
                onChange={(e) => setDay(day, e.currentTarget.checked)}
                w={130}
                mt={6}
                fw={600}
                data-testid={`working-day-${day}-open`}
              />
              {entry ? (
                <Stack gap="xs" style={{ flex: '1 1 18rem', minWidth: 0 }}>
                  {entry.timeSlots.map((slot, j) => {
                    const se = errs?.timeSlots?.[j];
                    return (
                      <Group key={j} gap="xs" align="flex-start" wrap="nowrap">
                        <TimeInput
                          aria-label={t('organisation.workingHours.start')}
                          value={slot.startTime}
                          onChange={(e) => setSlots(day, entry.timeSlots.map((s, k) => (k === j ? { ...s, startTime: e.currentTarget.value } : s)))}
                          error={translateMessage(se?.startTime?.message)}
                          style={{ flex: 1, minWidth: 0 }}
                          data-testid={`working-day-${day}-${j}-start`}
                        />
                        <Text c="dimmed" mt={6} aria-hidden>
                          –
                        </Text>
                        <TimeInput
                          aria-label={t('organisation.workingHours.end')}
                          value={slot.endTime}
                          onChange={(e) => setSlots(day, entry.timeSlots.map((s, k) => (k === j ? { ...s, endTime: e.currentTarget.value } : s)))}
                          error={translateMessage(se?.endTime?.message)}
                          style={{ flex: 1, minWidth: 0 }}
                          data-testid={`working-day-${day}-${j}-end`}
                        />
                        <Tooltip label={t('organisation.workingHours.removeSlot')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            mt={4}
                            aria-label={t('organisation.workingHours.removeSlot')}
                            disabled={entry.timeSlots.length === 1}
                            onClick={() => setSlots(day, entry.timeSlots.filter((_, k) => k !== j))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    );
                  })}
                  {slotsMessage && (
                    <Text size="xs" c="red">
                      {slotsMessage}
                    </Text>
                  )}
                  <Group gap="xs">
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
      {listError && (
        <Text size="sm" c="red" role="alert" data-testid="working-hours-error">
          {listError}
        </Text>
      )}
    </Stack>
  );
}
