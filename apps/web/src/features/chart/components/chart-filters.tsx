import { Button, Chip, Group, ScrollArea } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHART_KINDS, type ChartKind } from '@clinic/shared';
import { DatePickerInput } from '@/components/dates/pickers';
import { dayOf } from '@/components/list';
import { dateInputFormat } from '@/lib/dates';
import type { ChartFilters } from '../api/chart';

/** The chart's filters: a chip per kind (none chosen: all kinds) and a range of days. */
export function ChartFilterBar({ filters, onChange }: { filters: ChartFilters; onChange: (next: ChartFilters) => void }) {
  const { t, i18n } = useTranslation();
  const filtered = filters.kinds.length > 0 || filters.from !== null || filters.to !== null;
  return (
    <Group gap="xs" wrap="wrap" align="center" data-testid="chart-filters">
      <ScrollArea type="never" style={{ maxWidth: '100%' }}>
        <Chip.Group multiple value={filters.kinds} onChange={(v) => onChange({ ...filters, kinds: CHART_KINDS.filter((k) => v.includes(k)) as ChartKind[] })}>
          <Group gap={6} wrap="nowrap" role="group" aria-label={t('chart.filters.label')}>
            {CHART_KINDS.map((kind) => (
              <Chip key={kind} value={kind} size="xs" variant="light" wrapperProps={{ 'data-testid': `chart-kind-${kind}` }}>{t(`chart.kinds.${kind}`)}</Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        size="xs"
        aria-label={t('chart.filters.range')}
        placeholder={t('chart.filters.range')}
        value={[filters.from, filters.to]}
        onChange={([from, to]) => onChange({ ...filters, from: dayOf(from ? String(from) : null), to: dayOf(to ? String(to) : null) })}
        valueFormat={dateInputFormat(i18n.language, 'short')}
        clearable
        leftSection={<IconCalendar size={14} stroke={1.7} />}
        w={{ base: '100%', xs: 240 }}
        data-testid="chart-range"
      />
      {filtered && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange({ kinds: [], from: null, to: null })} data-testid="chart-clear">
          {t('chart.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
