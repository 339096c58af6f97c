import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Card, Grid, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, currencyMinorDigits, planAllows } from '@clinic/shared';
import { LazyBarChart } from '@/components/lazy-charts';
import { useClinicOptions } from '@/features/appointments';
import { formatMoney } from '@/features/billing';
import { WaitAccuracyCard } from '@/features/waiting-room';
import { formatDay, formatNumber, formatTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useComplexOptions, useDashboard, useRefreshDashboard } from '../api/get-dashboard';
import { DashboardAgenda } from '../components/dashboard-agenda';
import { Heatmap } from '../components/dashboard-heatmap';
import { UtilisationBars } from '../components/utilisation-bars';
import { localToday, periodOf, type PeriodKind } from './period';

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
              <TextInput type="date" label={t('dashboard.period.from')} value={custom.from} onChange={(e) => e.currentTarget.value && setCustom((c) => ({ ...c, from: e.currentTarget.value }))} />
              <TextInput type="date" label={t('dashboard.period.to')} value={custom.to} onChange={(e) => e.currentTarget.value && setCustom((c) => ({ ...c, to: e.currentTarget.value }))} />
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
                <LazyBarChart
                  h={260}
                  data={statusData}
                  dataKey="status"
                  series={[{ name: 'count', label: t('dashboard.charts.count'), color: 'teal.6' }]}
                  xAxisProps={{ reversed: rtl }}
                  yAxisProps={{ orientation: rtl ? 'right' : 'left', allowDecimals: false }}
                  valueFormatter={(v) => num.format(v)}
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

          <DashboardAgenda agenda={d.agenda} today={d.today} />
        </>
      )}
    </Stack>
  );
}
