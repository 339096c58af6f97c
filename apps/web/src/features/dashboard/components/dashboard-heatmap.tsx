import { useSyncExternalStore } from 'react';
import { Table, Text } from '@mantine/core';
import type { DashboardFigures } from '@clinic/shared';
import { formatNumber, localeOf } from '@/lib/dates';
import { getCurrentWeek, subscribeWeek, weekOrder } from '@/lib/format/display';

/** Weekday names for the language, by the figures' weekday (0 Monday .. 6 Sunday; 1 January 2024 was a Monday). */
function weekdayNames(lang: string): string[] {
  const f = new Intl.DateTimeFormat(localeOf(lang), { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** Appointments by weekday and hour, each cell shaded by its share of the busiest. */
export function Heatmap({ cells, lang, empty }: { cells: DashboardFigures['heatmap']; lang: string; empty: string }) {
  // The rows run as the organisation's week does (Sunday first by default), as the calendar's columns do.
  const week = useSyncExternalStore(subscribeWeek, getCurrentWeek);
  if (!cells.length) return <Text c="dimmed">{empty}</Text>;
  const max = Math.max(...cells.map((c) => c.count));
  const first = Math.min(...cells.map((c) => c.hour));
  const last = Math.max(...cells.map((c) => c.hour));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const names = weekdayNames(lang);
  const days = weekOrder(week.firstDayOfWeek).map((sundayBased) => (sundayBased + 6) % 7);
  const num = { format: (v: number) => formatNumber(v, lang) };
  const count = (weekday: number, hour: number) => cells.find((c) => c.weekday === weekday && c.hour === hour)?.count ?? 0;
  return (
    <Table.ScrollContainer minWidth={hours.length * 36 + 80}>
      <Table withColumnBorders={false} verticalSpacing={2} horizontalSpacing={2} data-testid="dashboard-heatmap">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" />
            {hours.map((h) => <Table.Th scope="col" key={h} ta="center"><Text size="xs">{num.format(h)}</Text></Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((weekday) => (
            <Table.Tr key={weekday}>
              <Table.Th scope="row" fw={400}><Text size="xs">{names[weekday]}</Text></Table.Th>
              {hours.map((h) => {
                const n = count(weekday, h);
                return (
                  <Table.Td
                    key={h}
                    ta="center"
                    title={`${names[weekday]} ${num.format(h)}: ${num.format(n)}`}
                    style={{ background: n ? `color-mix(in srgb, var(--app-heat-color) ${Math.round(15 + (85 * n) / max)}%, transparent)` : undefined, borderRadius: 4 }}
                  >
                    <Text size="xs" c={n ? 'var(--app-heat-text)' : undefined}>{n ? num.format(n) : ''}</Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
