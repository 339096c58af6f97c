import { useSyncExternalStore } from 'react';
import { Alert, Badge, Chip, Group, NumberInput, Paper, ScrollArea, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@/components/dates/pickers';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERIES_MAX_OCCURRENCES, type RecurrenceInput, type SeriesCreateInput } from '@clinic/shared';
import { formatDay } from '@/lib/dates';
import { getCurrentWeek, subscribeWeek, weekOrder } from '@/lib/format/display';
import { isApiError, translateMessage } from '@/lib/http';
import { useSeriesPreview } from '../api/series';
import type { AppointmentFormValues } from './appointment-form-values';
import { wallOf } from '@/lib/clinic-time';

/** The booking fields a preview needs (the booking form's values); null until each is chosen. */
export type RepeatBooking = AppointmentFormValues;

interface RepeatSectionProps {
  booking: RepeatBooking;
  /** Null: a single appointment. */
  value: RecurrenceInput | null;
  onChange: (value: RecurrenceInput | null) => void;
}

/** The weekday chips (0 = Monday, as the series rules count) in the order the clinic's week runs (its `firstDayOfWeek`, 0 = Sunday). */
const weekdayChips = (firstDayOfWeek: number) => weekOrder(firstDayOfWeek).map((sundayBased) => (sundayBased + 6) % 7);
export const DEFAULT_REPEAT: RecurrenceInput = { frequency: 'weekly', interval: 1, weekdays: [], count: 6 };

/**
 * "Repeat": weekly on chosen weekdays or every N days/weeks, ending after a number of visits or on a date; and, as
 * soon as the booking's fields are known, the server's preview: each occurrence free or the reason it cannot be
 * booked (the same rules and messages as a single booking).
 */
export function RepeatSection({ booking, value, onChange }: RepeatSectionProps) {
  const { t, i18n } = useTranslation();
  const week = useSyncExternalStore(subscribeWeek, getCurrentWeek);
  const ready = value && booking.patient && booking.doctor && booking.clinic && booking.service && booking.datetime;
  const request: SeriesCreateInput | null = ready
    ? {
        patient: booking.patient!, doctor: booking.doctor!, clinic: booking.clinic!, service: booking.service!, datetime: booking.datetime,
        reason: booking.reason.trim() || '-', recurrence: value,
      }
    : null;
  const [debounced] = useDebouncedValue(request, 300);
  const preview = useSeriesPreview(debounced);
  const set = (patch: Partial<RecurrenceInput>) => onChange({ ...(value ?? DEFAULT_REPEAT), ...patch });
  // The first visit's weekday always repeats (it is the first occurrence): shown chosen, not to be unticked.
  const firstWeekday = booking.datetime ? (new Date(`${wallOf(booking.datetime).date}T00:00:00Z`).getUTCDay() + 6) % 7 : null;
  const weekday = (d: number) => formatDay(`2024-01-0${d + 1}`, i18n.language, { weekday: 'short' });
  const problem = preview.error && isApiError(preview.error)
    ? Object.values(preview.error.fields ?? {})[0] ?? preview.error.message
    : null;

  return (
    <Paper withBorder p="sm" radius="md" data-testid="repeat-section">
      <Stack gap="xs">
        <Switch
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked ? DEFAULT_REPEAT : null)}
          label={<Group gap={6}><IconRepeat size={16} /><Text size="sm" fw={600}>{t('series.repeat')}</Text></Group>}
          data-testid="repeat-toggle"
        />
        {value && (
          <>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SegmentedControl
                size="xs"
                value={value.frequency}
                onChange={(frequency) => set({ frequency: frequency as RecurrenceInput['frequency'] })}
                data={[{ value: 'weekly', label: t('series.weekly') }, { value: 'daily', label: t('series.daily') }]}
                data-testid="repeat-frequency"
              />
              <NumberInput
                size="xs"
                w={150}
                label={value.frequency === 'weekly' ? t('series.everyWeeks') : t('series.everyDays')}
                min={1}
                max={52}
                value={Number(value.interval ?? 1)}
                onChange={(n) => set({ interval: Number(n) || 1 })}
                data-testid="repeat-interval"
              />
            </Group>
            {value.frequency === 'weekly' && (
              <Chip.Group
                multiple
                value={[...new Set([...(value.weekdays ?? []), ...(firstWeekday === null ? [] : [firstWeekday])])].map(String)}
                onChange={(days) => set({ weekdays: days.map(Number).filter((d) => d !== firstWeekday).sort() })}
              >
                <Group gap={4} data-testid="repeat-weekdays">
                  {weekdayChips(week.firstDayOfWeek).map((d) => (
                    <Chip key={d} value={String(d)} size="xs" aria-readonly={d === firstWeekday || undefined} data-testid={`repeat-weekday-${d}`}>{weekday(d)}</Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SegmentedControl
                size="xs"
                value={value.until !== undefined ? 'until' : 'count'}
                onChange={(end) => onChange(end === 'until'
                  ? { ...value, count: undefined, until: booking.datetime ? wallOf(booking.datetime).date : undefined }
                  : { ...value, until: undefined, count: 6 })}
                data={[{ value: 'count', label: t('series.endAfter') }, { value: 'until', label: t('series.endOn') }]}
                data-testid="repeat-end"
              />
              {value.until !== undefined ? (
                <DatePickerInput
                  size="xs"
                  w={170}
                  value={value.until ?? null}
                  onChange={(d) => set({ until: d ? String(d).slice(0, 10) : undefined })}
                  valueFormat="D MMM YYYY"
                  aria-label={t('series.endOn')}
                  data-testid="repeat-until"
                />
              ) : (
                <NumberInput
                  size="xs"
                  w={150}
                  label={t('series.occurrences')}
                  min={2}
                  max={SERIES_MAX_OCCURRENCES}
                  value={Number(value.count ?? 2)}
                  onChange={(n) => set({ count: Number(n) || 2 })}
                  data-testid="repeat-count"
                />
              )}
            </Group>
            {!request && <Text size="xs" c="dimmed">{t('series.previewNeeds')}</Text>}
            {problem && <Alert color="red" variant="light" p="xs" data-testid="repeat-problem">{translateMessage(problem)}</Alert>}
            {request && preview.data && !problem && (
              <Stack gap={4} data-testid="repeat-preview">
                <Text size="xs" c="dimmed" data-testid="repeat-summary">
                  {t('series.summary', { free: preview.data.booked, refused: preview.data.refused })}
                </Text>
                <ScrollArea.Autosize mah={220}>
                  <Stack gap={2}>
                    {preview.data.occurrences.map((o) => {
                      const wall = wallOf(o.datetime);
                      return (
                        <Group key={o.datetime} gap="xs" wrap="nowrap" align="flex-start" data-testid="repeat-occurrence" data-free={o.free}>
                          <Badge size="sm" variant="light" color={o.free ? 'teal' : 'red'} style={{ flexShrink: 0, overflow: 'visible' }} leftSection={o.free ? <IconCheck size={12} /> : <IconAlertTriangle size={12} />}>
                            {o.free ? t('series.free') : t('series.conflict')}
                          </Badge>
                          <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
                            {formatDay(wall.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })} {`\u2066${wall.time}\u2069`}
                          </Text>
                          {o.message && <Text size="xs" c="red">{o.message}</Text>}
                        </Group>
                      );
                    })}
                  </Stack>
                </ScrollArea.Autosize>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
