import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { BarChartProps, LineChartProps } from '@mantine/charts';
import { Center, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/*
 * The charts, loaded when one is first shown: the chart library is the app's largest dependency, and only a few cards
 * draw a chart (the dashboard's statuses, a patient's vital signs). Until it arrives, a calm placeholder of the chart's
 * own height says it is loading, so nothing moves when the chart takes its place; if it cannot be loaded (offline, or
 * a new version deployed meanwhile), the card says so and the rest of the page stays.
 */

const BarChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.BarChart })));
const LineChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.LineChart })));

function ChartFailed({ height }: { height: number }) {
  const { t } = useTranslation();
  return <Center h={height}><Text c="dimmed" size="sm" ta="center" role="alert">{t('common.crash.chart')}</Text></Center>;
}

class ChartBoundary extends Component<{ height: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ChartFailed height={this.props.height} /> : this.props.children;
  }
}

export function ChartLoading({ height, children }: { height: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ChartBoundary height={height}>
      <Suspense fallback={<Skeleton h={height} radius="sm" role="status" aria-label={t('common.loading')} data-testid="chart-loading" />}>
        {children}
      </Suspense>
    </ChartBoundary>
  );
}

export function LazyBarChart(props: BarChartProps & { h: number }) {
  return <ChartLoading height={props.h}><BarChart {...props} /></ChartLoading>;
}

export function LazyLineChart(props: LineChartProps & { h: number }) {
  return <ChartLoading height={props.h}><LineChart {...props} /></ChartLoading>;
}
