import { Box, Group, Text, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EmployeeStats } from '@clinic/shared';
import { i18n } from '@/lib/i18n';
import { localeOf } from '@/lib/dates';

const SERIES = [
  { key: 'completed', color: 'teal' },
  { key: 'scheduled', color: 'blue' },
  { key: 'cancelled', color: 'red' },
] as const;

function niceMax(n: number): number {
  if (n <= 4) return 4;
  const step = Math.pow(10, Math.floor(Math.log10(n)));
  return Math.ceil(n / step) * step;
}

function dayLabel(date: string, long: boolean): string {
  const d = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat(localeOf(i18n.language), long ? { weekday: 'short', day: 'numeric' } : { day: 'numeric' }).format(d);
}

/** Appointments per day as stacked bars (completed, scheduled, cancelled), drawn as SVG. */
export function DoctorStatsChart({ stats }: { stats: EmployeeStats }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const days = stats.days;
  const max = niceMax(Math.max(0, ...days.map((d) => d.completed + d.scheduled + d.cancelled)));
  const width = 640;
  const height = 220;
  const pad = { top: 12, bottom: 28, start: 32, end: 8 };
  const plotW = width - pad.start - pad.end;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(3, Math.min(28, slot * 0.6));
  const labelEvery = days.length > 14 ? Math.ceil(days.length / 10) : 1;
  const ticks = [0, max / 2, max];
  const number = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  // The drawing is laid out in explicit coordinates, mirrored by hand for right-to-left; the SVG itself stays
  // left-to-right so that text anchors mean what the coordinates mean (in an RTL document 'end' would flip and push
  // the axis numbers out of the picture). Only the day names are set right to left.
  const rtl = i18n.dir() === 'rtl';
  const x = (i: number) => (rtl ? width - pad.start - slot * (i + 0.5) : pad.start + slot * (i + 0.5));
  const gridFrom = rtl ? pad.end : pad.start;
  const gridTo = rtl ? width - pad.start : width - pad.end;
  const empty = stats.totals.appointments === 0;

  return (
    <Box>
      <Box pos="relative">
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" direction="ltr" style={{ direction: 'ltr' }} role="img" aria-label={t('doctors.stats.chartLabel', { total: stats.totals.appointments })} data-testid="stats-chart">
          {ticks.map((tick) => {
            const y = pad.top + plotH - (tick / max) * plotH;
            return (
              <g key={tick}>
                <line x1={gridFrom} x2={gridTo} y1={y} y2={y} stroke="var(--mantine-color-default-border)" strokeDasharray={tick === 0 ? undefined : '3 4'} />
                <text data-testid="stats-axis-tick" x={rtl ? width - 4 : 4} y={y + 4} fontSize="10" fill="var(--mantine-color-dimmed)" textAnchor={rtl ? 'end' : 'start'}>{number.format(tick)}</text>
              </g>
            );
          })}
          {days.map((d, i) => {
            let base = pad.top + plotH;
            return (
              <g key={d.date}>
                <title>{`${d.date}: ${t('doctors.stats.completed')} ${d.completed}, ${t('doctors.stats.scheduled')} ${d.scheduled}, ${t('doctors.stats.cancelled')} ${d.cancelled}`}</title>
                {SERIES.map((s) => {
                  const value = d[s.key];
                  if (!value) return null;
                  const h = (value / max) * plotH;
                  base -= h;
                  return <rect key={s.key} x={x(i) - barW / 2} y={base} width={barW} height={h} rx={Math.min(3, barW / 3)} fill={theme.colors[s.color]![6]} />;
                })}
                {i % labelEvery === 0 && (
                  <text x={x(i)} y={height - 8} fontSize="10" textAnchor="middle" direction={rtl ? 'rtl' : 'ltr'} fill="var(--mantine-color-dimmed)">{dayLabel(d.date, days.length <= 7)}</text>
                )}
              </g>
            );
          })}
        </svg>
        {empty && (
          <Text size="sm" c="dimmed" pos="absolute" top="40%" left={0} right={0} ta="center">{t('doctors.stats.noAppointments')}</Text>
        )}
      </Box>
      <Group gap="md" justify="center" mt={4}>
        {SERIES.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <Box w={10} h={10} style={{ borderRadius: 3, background: theme.colors[s.color]![6] }} />
            <Text size="xs" c="dimmed">{t(`doctors.stats.${s.key}`)} ({stats.totals[s.key]})</Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
