import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChartEntry } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useChart, type ChartFilters } from '../api/chart';
import { ChartEntryRow } from './chart-entry-row';
import { ChartFilterBar } from './chart-filters';

const NO_FILTERS: ChartFilters = { kinds: [], from: null, to: null };
const DAY_LABEL: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };

/** The entry's day in the browser's zone (the day its time is shown in). */
function localDay(at: string): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Entries grouped by day, newest first (the API's order is kept). */
function byDay(entries: ChartEntry[]): Array<{ day: string; entries: ChartEntry[] }> {
  const groups: Array<{ day: string; entries: ChartEntry[] }> = [];
  for (const entry of entries) {
    const day = localDay(entry.at);
    const last = groups.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

/**
 * The patient's chart on the details page (holders of clinical_read): one timeline of encounters, vitals, diagnoses,
 * problems, allergies, medications and documents, grouped by day, filtered by kind and dates, loaded a page at a time.
 */
export function PatientChart({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canRead = can('clinical_read');
  const [filters, setFilters] = useState<ChartFilters>(NO_FILTERS);
  const chart = useChart(patientId, filters, canRead);
  const entries = useMemo(() => chart.data?.pages.flatMap((p) => p.data) ?? [], [chart.data]);
  const groups = useMemo(() => byDay(entries), [entries]);
  if (!canRead) return null;
  const filtered = filters !== NO_FILTERS && (filters.kinds.length > 0 || filters.from !== null || filters.to !== null);
  return (
    <SectionCard icon={<IconTimeline size={18} />} title={t('chart.title')} testId="patient-chart"
      action={entries.length > 0 ? <Text size="xs" c="dimmed" data-testid="chart-count">{t('chart.entries', { count: entries.length })}</Text> : undefined}>
      <Stack gap="sm">
        <ChartFilterBar filters={filters} onChange={setFilters} />
        {chart.isPending ? (
          <Loader size="sm" />
        ) : chart.isError ? (
          <Alert color="red" variant="light">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{t('chart.loadFailed')}</Text>
              <Button size="compact-xs" variant="light" onClick={() => void chart.refetch()}>{t('chart.retry')}</Button>
            </Stack>
          </Alert>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="chart-empty">{t(filtered ? 'chart.emptyFiltered' : 'chart.empty')}</Text>
        ) : (
          <Stack gap={4} data-testid="chart-timeline">
            {groups.map((group) => (
              <section key={group.day} aria-label={formatDate(group.day, i18n.language, DAY_LABEL)} data-testid="chart-day">
                <Divider labelPosition="left" label={<Text size="xs" fw={700} c="dimmed">{formatDate(group.day, i18n.language, DAY_LABEL)}</Text>} />
                <Stack gap={0}>
                  {group.entries.map((entry) => <ChartEntryRow key={`${entry.kind}:${entry._id}`} entry={entry} />)}
                </Stack>
              </section>
            ))}
            {chart.hasNextPage ? (
              <Button variant="light" size="xs" onClick={() => void chart.fetchNextPage()} loading={chart.isFetchingNextPage} data-testid="chart-more" style={{ alignSelf: 'center' }}>
                {t('chart.loadMore')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed" ta="center">{t('chart.end')}</Text>
            )}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
