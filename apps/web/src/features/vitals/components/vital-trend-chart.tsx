import { Card, Group, Loader, Select, Text, useDirection } from '@mantine/core';
import { fromCanonical, VITALS_LIST_MAX, type Vital, type VitalsSet } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyLineChart } from '@/components/lazy-charts';
import { formatDateTime } from '@/lib/dates';
import { useVitals } from '../api/vitals-api';
import { formatVital, TREND_VITALS } from './vital-format';

interface Point { at: string; value?: number; diastolic?: number }

/**
 * Every reading of the vital as one point, oldest to newest (twenty readings: twenty points), in the unit of the
 * latest reading. Blood pressure draws systolic and diastolic together.
 */
export function trendPoints(sets: VitalsSet[], vital: Vital, lang: string): { points: Point[]; unit: string } {
  const withVital = sets.filter((s) => s.readings.some((r) => r.vital === vital)).reverse();
  const latest = withVital.at(-1)?.readings.find((r) => r.vital === vital);
  const unit = latest?.enteredUnit ?? '';
  const points = withVital.map((s) => {
    const reading = s.readings.find((r) => r.vital === vital)!;
    const diastolic = vital === 'systolic' ? s.readings.find((r) => r.vital === 'diastolic')?.value : undefined;
    return { at: formatDateTime(s.takenAt, lang, { day: 'numeric', month: 'short' }), value: fromCanonical(vital, reading.value, unit), ...(diastolic !== undefined ? { diastolic } : {}) };
  });
  return { points, unit };
}

export function VitalTrendChart({ patientId, initialVital = 'temperature' }: { patientId: string; initialVital?: Vital }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const [vital, setVital] = useState<Vital>(initialVital);
  const query = useVitals(patientId, vital, VITALS_LIST_MAX);
  const { points, unit } = trendPoints(query.data ?? [], vital, i18n.language);
  const unitLabel = unit ? t(`vitals.unitLabels.${unit.replace('/', '_')}`) : '';
  const series = [{ name: 'value', label: vital === 'systolic' ? t('vitals.names.systolic') : t(`vitals.names.${vital}`), color: 'teal.6' }];
  if (vital === 'systolic') series.push({ name: 'diastolic', label: t('vitals.names.diastolic'), color: 'indigo.5' });
  return (
    <Card withBorder padding="md" data-testid="vital-trend">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text fw={600}>{t('vitals.trend.title')}</Text>
        <Select
          size="xs"
          w={200}
          allowDeselect={false}
          value={vital}
          onChange={(v) => v && setVital(v as Vital)}
          data={TREND_VITALS.map((v) => ({ value: v, label: v === 'systolic' ? t('vitals.names.bloodPressure') : t(`vitals.names.${v}`) }))}
          aria-label={t('vitals.trend.choose')}
          data-testid="vital-trend-select"
        />
      </Group>
      {query.isPending ? <Loader size="sm" /> : points.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="vital-trend-empty">{t('vitals.trend.empty')}</Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb={4} data-testid="vital-trend-count" data-points={points.length}>
            {t('vitals.trend.readings', { count: points.length })}{unitLabel ? ` · ${unitLabel}` : ''}
          </Text>
          <LazyLineChart
            h={240}
            data={points}
            dataKey="at"
            series={series}
            curveType="linear"
            withDots
            connectNulls
            withLegend={vital === 'systolic'}
            xAxisProps={{ reversed: rtl, interval: 'preserveStartEnd', minTickGap: 24 }}
            yAxisProps={{ orientation: rtl ? 'right' : 'left', domain: ['auto', 'auto'] }}
            valueFormatter={(v) => formatVital(vital, v, unit, i18n.language)}
          />
        </>
      )}
    </Card>
  );
}
