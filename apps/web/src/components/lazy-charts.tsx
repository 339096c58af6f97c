import { lazy, Suspense, type ReactNode } from 'react';
import type { BarChartProps, LineChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/*
 * The charts, loaded when one is first shown: the chart library is the app's largest dependency, and only a few cards
 * draw a chart (the dashboard's statuses, a patient's vital signs). Until it arrives, a calm placeholder of the chart's
 * own height says it is loading, so nothing moves when the chart takes its place.
 */

const BarChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.BarChart })));
const LineChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.LineChart })));

function ChartLoading({ height, children }: { height: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Skeleton h={height} radius="sm" role="status" aria-label={t('common.loading')} data-testid="chart-loading" />}>
      {children}
    </Suspense>
  );
}

export function LazyBarChart(props: BarChartProps & { h: number }) {
  return <ChartLoading height={props.h}><BarChart {...props} /></ChartLoading>;
}

export function LazyLineChart(props: LineChartProps & { h: number }) {
  return <ChartLoading height={props.h}><LineChart {...props} /></ChartLoading>;
}
