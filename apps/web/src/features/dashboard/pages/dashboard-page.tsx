import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Card, Grid, Group, Loader, SegmentedControl, Select, Stack, Text, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCalendar, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, currencyMinorDigits, planAllows } from '@clinic/shared';
import { LazyBarChart } from '@/components/lazy-charts';
import { useClinicOptions } from '@/features/appointments';
import { formatMoney } from '@/features/billing';
import { WaitAccuracyCard } from '@/features/waiting-room';
import { DatePickerInput } from '@/components/dates/pickers';
import { dateInputFormat, formatDay, formatNumber, formatTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useComplexOptions, useDashboard, useRefreshDashboard } from '../api/get-dashboard';
import { DashboardAgenda } from '../components/dashboard-agenda';
import { Heatmap } from '../components/dashboard-heatmap';
import { UtilisationBars } from '../components/utilisation-bars';
import { localToday, periodOf, type PeriodKind } from './period';

/** Room for the names of the statuses beside their bars ("Requested online", "طلب عبر الإنترنت"), in pixels. */
const STATUS_AXIS_WIDTH = 132;

interface BarCountProps { x?: number | string; y?: number | string; width?: number | string; height?: number | string }

/** A bar's count, written past the bar's end whichever way the bars run (recharts may give a reversed bar a negative width). */
function BarCount({ rtl, text, ...box }: BarCountProps & { rtl: boolean; text: string }) {
  const [x, y, width, height] = [box.x, box.y, box.width, box.height].map((v) => Number(v ?? 0)) as [number, number, number, number];
  const end = rtl ? Math.min(x, x + width) - 6 : Math.max(x, x + width) + 6;
  return <text x={end} y={y + height / 2} dy="0.35em" textAnchor={rtl ? 'end' : 'start'} fontSize={12} fill="var(--mantine-color-text)">{text}</text>;
}

/** One figure; `wide` ones (the count, money) take the whole row on a phone, where two share a row otherwise. */
function Tile({ label, value, hint, testId, wide }: { label: string; value: string; hint?: string; testId: string; wide?: boolean }) {
  return (
    <Grid.Col span={{ base: wide ? 12 : 6, sm: 4 }}>
      <Card padding="md" withBorder h="100%" data-testid={testId}>
        <Text size="sm" c="dimmed">{label}</Text>
        <Text fw={700} fz={value.length > 11 ? 22 : 26} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
        {hint && <Text size="xs" c="dimmed">{hint}</Text>}
      </Card>
    </Grid.Col>
  );
}

/** A titled card of the dashboard with a line saying what it counts. */
function ChartCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card padding="md" withBorder h="100%">
      <Text fw={600}>{title}</Text>
      <Text size="xs" c="dimmed" mb="sm">{hint}</Text>
      {children}
    </Card>
  );
}

/**
 * The dashboard: one clinic, the clinics of a complex, or the whole company (as the plan allows), for today, this
 * week, this month or chosen days. Figures come from the API (appointments by status, waiting, rates, utilisation,
 * patients, revenue, busiest hours) with today's agenda; numbers and dates are written for the language.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { dir } = useDirection();
  const { plan } = useSession();
  const complexes = planAllows(plan, 'complex');
  const clinics = useClinicOptions();
  const complexOptions = useComplexOptions(complexes);
  const [scopeKind, setScopeKind] = useState<'company' | 'clinic' | 'complex'>('company');
  const [clinic, setClinic] = useState<string | null>(null);
  const [complex, setComplex] = useState<string | null>(null);
  const [kind, setKind] = useState<PeriodKind>('week');
  const today = localToday();
  const [custom, setCustom] = useState(() => periodOf('week', today));
  const period = kind === 'custom' ? custom : periodOf(kind, today);
  const scope = {
    clinic: scopeKind === 'clinic' ? clinic : null,
    complex: scopeKind === 'complex' ? complex : null,
    ...period,
  };
  const dashboard = useDashboard(scope);
  const refresh = useRefreshDashboard(scope);
  const d = dashboard.data;
  // Every figure in the user's digits (Arabic-Indic when chosen), through the one formatting module.
  const num = { format: (v: number) => formatNumber(v, lang) };
  // Money in the company's billing currency (figures come in its major units).
  const money = (v: number) => (d ? formatMoney(Math.round(v * 10 ** currencyMinorDigits(d.currency)), d.currency, lang) : '');
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatNumber(v, lang, { style: 'percent', maximumFractionDigits: 1 }));
  const rtl = dir === 'rtl';
  const phone = useMediaQuery('(max-width: 36em)');

  const statusData = APPOINTMENT_STATUSES.map((s) => ({ status: t(`dashboard.status.${s}`), count: d?.byStatus[s] ?? 0 }));
  const utilisation = (d?.utilisation ?? []).filter((u) => u.workingMinutes > 0 || u.bookedMinutes > 0)
    .map((u) => ({ doctor: u.doctor.name, rate: u.rate, booked: t('dashboard.charts.bookedOf', { booked: num.format(u.bookedMinutes), working: num.format(u.workingMinutes) }) }));

  return (
    <Stack gap="md" data-testid="dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('dashboard.title')}</Title>
        {d && <Text c="dimmed" data-testid="dashboard-period">{formatDay(d.period.from, lang)}{d.period.to !== d.period.from ? ` – ${formatDay(d.period.to, lang)}` : ''}</Text>}
      </Group>

      <Card padding="sm" withBorder>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label={t('dashboard.scope.label')}
            value={scopeKind}
            onChange={(v) => setScopeKind(v as typeof scopeKind)}
            data={[
              { value: 'company', label: t('dashboard.scope.company') },
              { value: 'clinic', label: t('dashboard.scope.clinic') },
              ...(complexes ? [{ value: 'complex', label: t('dashboard.scope.complex') }] : []),
            ]}
            size={phone ? 'xs' : 'sm'}
            data-testid="dashboard-scope"
          />
          {scopeKind === 'clinic' && (
            <Select
              aria-label={t('dashboard.scope.clinic')}
              placeholder={t('dashboard.scope.allClinics')}
              data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              value={clinic}
              onChange={setClinic}
              searchable
              w={{ base: '100%', sm: 240 }}
              data-testid="dashboard-clinic"
            />
          )}
          {scopeKind === 'complex' && (
            <Select
              aria-label={t('dashboard.scope.complex')}
              placeholder={t('dashboard.scope.allComplexes')}
              data={(complexOptions.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              value={complex}
              onChange={setComplex}
              searchable
              w={{ base: '100%', sm: 240 }}
            />
          )}
          <SegmentedControl
            aria-label={t('dashboard.period.label')}
            value={kind}
            onChange={(v) => setKind(v as PeriodKind)}
            data={(['today', 'week', 'month', 'custom'] as const).map((k) => ({ value: k, label: t(`dashboard.period.${k}`) }))}
            size={phone ? 'xs' : 'sm'}
            data-testid="dashboard-period-kind"
          />
          {kind === 'custom' && (
            <>
              <DatePickerInput
                label={t('dashboard.period.from')}
                value={custom.from}
                onChange={(v) => v && setCustom((c) => ({ from: String(v), to: String(v) > c.to ? String(v) : c.to }))}
                valueFormat={dateInputFormat(lang, 'short')}
                leftSection={<IconCalendar size={16} stroke={1.7} />}
                popoverProps={{ withinPortal: true }}
                size={phone ? 'xs' : 'sm'}
                w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 }}
                data-testid="dashboard-from"
              />
              <DatePickerInput
                label={t('dashboard.period.to')}
                value={custom.to}
                onChange={(v) => v && setCustom((c) => ({ from: String(v) < c.from ? String(v) : c.from, to: String(v) }))}
                valueFormat={dateInputFormat(lang, 'short')}
                leftSection={<IconCalendar size={16} stroke={1.7} />}
                popoverProps={{ withinPortal: true }}
                size={phone ? 'xs' : 'sm'}
                w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 }}
                data-testid="dashboard-to"
              />
            </>
          )}
          {dashboard.isFetching && <Loader size="sm" />}
          {d && !d.scope.clinic && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" data-testid="dashboard-as-of">{t('dashboard.asOf', { time: formatTime(new Date(d.asOf), lang) })}</Text>
              <ActionIcon variant="subtle" size="sm" aria-label={t('dashboard.refresh')} loading={refresh.isPending} onClick={() => refresh.mutate()} data-testid="dashboard-refresh">
                <IconRefresh size={14} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      </Card>

      {dashboard.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="dashboard-error">
          {dashboard.error instanceof Error && dashboard.error.message ? dashboard.error.message : t('dashboard.error')}
        </Alert>
      )}

      {d && (
        <>
          {/* Wide screens: the figures beside the status chart, then utilisation (in columns) and the busiest hours; phones: one column. */}
          <Grid gap="sm" align="stretch">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Grid gap="sm" data-testid="dashboard-tiles">
                <Tile wide testId="tile-total" label={t('dashboard.tiles.appointments')} value={num.format(d.total)} />
                <Tile testId="tile-arrivals" label={t('dashboard.tiles.arrivals')} value={num.format(d.arrivals)} />
                <Tile testId="tile-wait" label={t('dashboard.tiles.averageWait')} value={d.averageWaitMinutes === null ? '—' : t('dashboard.tiles.minutes', { value: num.format(d.averageWaitMinutes) })} />
                <Tile testId="tile-no-show" label={t('dashboard.tiles.noShowRate')} value={rate(d.noShowRate)} />
                <Tile testId="tile-late" label={t('dashboard.tiles.lateCancellationRate')} value={rate(d.lateCancellationRate)} />
                <Tile testId="tile-new" label={t('dashboard.tiles.newPatients')} value={num.format(d.patients.new)} />
                <Tile testId="tile-returning" label={t('dashboard.tiles.returningPatients')} value={num.format(d.patients.returning)} />
                <Tile testId="tile-online" label={t('dashboard.tiles.online')} value={num.format(d.onlineBookings)} hint={t('dashboard.tiles.onlineHint')} />
                <Tile wide testId="tile-revenue" label={t('dashboard.tiles.revenue')} value={money(d.collected)} hint={t('dashboard.tiles.revenueHint')} />
                <Tile wide testId="tile-visits-value" label={t('dashboard.tiles.visitsValue')} value={money(d.revenue)} hint={t('dashboard.tiles.visitsValueHint')} />
              </Grid>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card padding="md" withBorder h="100%">
                <Text fw={600} mb="sm">{t('dashboard.charts.byStatus')}</Text>
                {/* Bars along the line, one row per status: every status named in full at any width, its count at the bar's end. */}
                <LazyBarChart
                  h={320}
                  data={statusData}
                  dataKey="status"
                  orientation="vertical"
                  gridAxis="y"
                  series={[{ name: 'count', label: t('dashboard.charts.count'), color: 'teal.6' }]}
                  xAxisProps={{ reversed: rtl, allowDecimals: false }}
                  yAxisProps={{
                    orientation: rtl ? 'right' : 'left',
                    width: STATUS_AXIS_WIDTH,
                    interval: 0,
                    // Mantine moves the names 10px off the axis towards the left: mirrored when the axis is on the right.
                    tick: { transform: `translate(${rtl ? 10 : -10}, 0)`, fontSize: 12, fill: 'currentColor' },
                  }}
                  withBarValueLabel
                  // Each count just past its bar's end (on the left right to left, an empty bar's at the axis), where
                  // the chart keeps room for it.
                  valueLabelProps={{ content: (label) => <BarCount {...(label as BarCountProps)} rtl={rtl} text={num.format(Number(label.value))} /> }}
                  barChartProps={{ margin: { top: 5, bottom: 5, left: rtl ? 36 : 5, right: rtl ? 5 : 36 } }}
                  maxBarWidth={26}
                  valueFormatter={(v) => num.format(v)}
                  data-testid="dashboard-status-chart"
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={12}>
              <ChartCard title={t('dashboard.charts.utilisation')} hint={t('dashboard.charts.utilisationHint')}>
                {utilisation.length
                  ? <UtilisationBars rows={utilisation} lang={lang} label={t('dashboard.charts.rate')} />
                  : <Text c="dimmed">{t('dashboard.charts.noData')}</Text>}
              </ChartCard>
            </Grid.Col>
            {scopeKind !== 'complex' && (
              <Grid.Col span={12}>
                <WaitAccuracyCard clinic={scope.clinic} from={period.from} to={period.to} />
              </Grid.Col>
            )}
            <Grid.Col span={12}>
              <ChartCard title={t('dashboard.charts.heatmap')} hint={t('dashboard.charts.heatmapHint')}>
                <Heatmap cells={d.heatmap} lang={lang} empty={t('dashboard.charts.noData')} />
              </ChartCard>
            </Grid.Col>
          </Grid>

          <DashboardAgenda agenda={d.agenda} total={d.agendaTotal} today={d.today} scope={d.scope} />
        </>
      )}
    </Stack>
  );
}
