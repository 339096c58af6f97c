import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardFigures } from '@clinic/shared';
import { setDisplay } from '@/lib/format/display';
import { demoUser, emptyList, jsonResponse, listOf, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import DashboardPage from './dashboard-page';

const figures: DashboardFigures = {
  period: { from: '2026-03-08', to: '2026-03-14', days: 7 },
  asOf: '2026-03-10T09:41:00Z',
  scope: { clinic: null, complex: null, clinics: 2 },
  byStatus: { requested: 0, scheduled: 1, arrived: 1, in_consultation: 0, completed: 2, no_show: 1, cancelled: 2 },
  total: 7,
  onlineBookings: 2,
  arrivals: 3,
  averageWaitMinutes: 10,
  noShowRate: 0.2,
  lateCancellationRate: 0.1429,
  utilisation: [
    { doctor: { _id: 'd1', name: 'Dr. Omar Haddad' }, bookedMinutes: 150, workingMinutes: 600, rate: 0.25 },
    { doctor: { _id: 'd2', name: 'Dr. Lina Saeed' }, bookedMinutes: 3, workingMinutes: 600, rate: 0.005 },
  ],
  patients: { new: 1, returning: 1 },
  revenue: 250.5,
  collected: 120,
  currency: 'SAR',
  heatmap: [{ weekday: 6, hour: 9, count: 2 }],
  today: '2026-03-10',
  agenda: [{
    _id: 'a1', publicId: 'APT-000001', datetime: '2026-03-10T09:30:00+03:00', endsAt: '2026-03-10T10:00:00+03:00', status: 'scheduled',
    patient: { _id: 'p1', name: 'Sara Nasser' }, doctor: { _id: 'd1', name: 'Dr. Omar Haddad' }, clinic: { _id: 'c1', name: 'Olaya Clinic' }, service: { _id: 's1', name: 'Consultation' },
  }],
  agendaTotal: 1,
};

type AgendaItem = DashboardFigures['agenda'][number];

function api(preferences = demoUser.preferences, answer: DashboardFigures = figures) {
  const asked: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/dashboard') {
      asked.push(url);
      return jsonResponse(200, ok(answer));
    }
    return jsonResponse(200, emptyList());
  }, { profile: { preferences, permissions: ['dashboard_read', 'appointment_read'] } });
  return asked;
}

const renderDashboard = () => renderWithProviders(<DashboardPage />, '/dashboard', { route: '/dashboard' });

describe('dashboard page', () => {
  beforeEach(() => signIn({ permissions: ['dashboard_read', 'appointment_read'] }));
  afterEach(() => setDisplay({ hijriMode: 'off', digits: 'latn' }));

  it('shows the figures for this week, and asks again for the month', async () => {
    await setLanguage('en');
    const asked = api();
    renderDashboard();
    expect(await screen.findByTestId('tile-total')).toHaveTextContent('7');
    expect(screen.getByTestId('tile-wait')).toHaveTextContent('10 min');
    expect(screen.getByTestId('tile-no-show')).toHaveTextContent('20%');
    // Money in the company's billing currency.
    expect(screen.getByTestId('tile-revenue')).toHaveTextContent('SAR 120.00');
    expect(screen.getByTestId('tile-visits-value')).toHaveTextContent('SAR 250.50');
    // A low utilisation is still a visible bar, with its rate written beside it.
    const rows = within(screen.getByTestId('dashboard-utilisation')).getAllByTestId('utilisation-row');
    expect(rows[1]).toHaveTextContent('Dr. Lina Saeed');
    expect(within(rows[1]!).getByTestId('utilisation-rate')).toHaveTextContent('0.5%');
    expect(Number(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(3);
    expect(within(rows[0]!).getByTestId('utilisation-rate')).toHaveTextContent('25%');
    expect(within(screen.getByTestId('dashboard-agenda')).getByText('Sara Nasser')).toBeInTheDocument();
    // The company's figures may be a minute old: when they were counted shows, and they can be counted again.
    expect(screen.getByTestId('dashboard-as-of')).toHaveTextContent(/\d{2}:\d{2}/);
    await userEvent.click(screen.getByRole('button', { name: 'Count again now' }));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('fresh') === 'true')).toBe(true));
    const first = asked[0]!;
    expect(Number(new Date(first.searchParams.get('to')!)) - Number(new Date(first.searchParams.get('from')!))).toBe(6 * 86_400_000);
    await userEvent.click(screen.getByText('This month'));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('from')!.endsWith('-01'))).toBe(true));
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    api();
    renderDashboard();
    expect(await screen.findByText('المواعيد حسب الحالة')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-agenda')).toHaveTextContent('مواعيد اليوم');
  });

  it('starts today\'s agenda from the visits not finished, and links "and N more" to today\'s appointments', async () => {
    await setLanguage('en');
    const row = (n: number, status: AgendaItem['status'], time: string): AgendaItem => ({
      ...figures.agenda[0]!, _id: `a${n}`, publicId: `APT-${n}`, status, datetime: `2026-03-10T${time}:00+03:00`, patient: { _id: `p${n}`, name: `Patient ${n}` },
    });
    const agenda = [row(1, 'completed', '08:00'), row(2, 'no_show', '08:30'), ...Array.from({ length: 41 }, (_, i) => row(10 + i, i ? 'scheduled' : 'in_consultation', '09:00'))];
    api(demoUser.preferences, { ...figures, agenda, agendaTotal: agenda.length });
    renderDashboard();
    const card = await screen.findByTestId('dashboard-agenda');
    const rows = within(card).getAllByTestId('dashboard-agenda-row');
    expect(rows).toHaveLength(40);
    expect(rows[0]).toHaveTextContent('Patient 10');
    expect(within(card).queryByText('Patient 1')).toBeNull();
    const more = within(card).getByRole('link', { name: /And 1 more: see all of today's appointments/ });
    expect(more).toHaveAttribute('href', '/appointments?date=2026-03-10&sortBy=datetime&order=asc');
    // The whole day, from its first (finished) visit.
    await userEvent.click(within(card).getByText(/^Whole day/));
    expect(within(card).getAllByTestId('dashboard-agenda-row')[0]).toHaveTextContent('Patient 1');
    expect(within(card).getByRole('link', { name: /And 3 more/ })).toBeInTheDocument();
  });

  it('links the agenda of one clinic to that clinic\'s appointments of the day', async () => {
    await setLanguage('en');
    const olaya = { _id: '11111111-1111-4111-8111-111111111111', name: 'Olaya Clinic', publicId: 'CLN-000001' };
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/dashboard') {
        asked.push(url);
        const clinic = url.searchParams.get('clinic');
        return jsonResponse(200, ok({ ...figures, scope: { clinic: clinic ? olaya : null, complex: null, clinics: clinic ? 1 : 2 } }));
      }
      if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olaya]));
      return jsonResponse(200, emptyList());
    }, { profile: { permissions: ['dashboard_read', 'appointment_read'] } });
    renderDashboard();
    const link = () => within(screen.getByTestId('dashboard-agenda')).getByRole('link', { name: /See all of today's appointments/ });
    await screen.findByTestId('dashboard-agenda');
    expect(new URL(link().getAttribute('href')!, 'http://localhost').searchParams.has('clinic')).toBe(false);
    await userEvent.click(within(screen.getByTestId('dashboard-scope')).getByText('Clinic'));
    await userEvent.click(screen.getByTestId('dashboard-clinic'));
    await userEvent.click(await screen.findByRole('option', { name: 'Olaya Clinic' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('clinic')).toBe(olaya._id));
    await waitFor(() => expect(new URL(link().getAttribute('href')!, 'http://localhost').searchParams.get('clinic')).toBe(olaya._id));
    expect(Object.fromEntries(new URL(link().getAttribute('href')!, 'http://localhost').searchParams)).toEqual({ date: '2026-03-10', clinic: olaya._id, sortBy: 'datetime', order: 'asc' });
  });

  it('says when a busy day has more appointments than the agenda was sent', async () => {
    await setLanguage('en');
    const row = (n: number): AgendaItem => ({ ...figures.agenda[0]!, _id: `a${n}`, publicId: `APT-${n}`, status: 'completed', patient: { _id: `p${n}`, name: `Patient ${n}` } });
    api(demoUser.preferences, { ...figures, agenda: Array.from({ length: 300 }, (_, i) => row(i)), agendaTotal: 345 });
    renderDashboard();
    const card = await screen.findByTestId('dashboard-agenda');
    expect(within(card).getByTestId('dashboard-agenda-capped')).toHaveTextContent('Listing the first 300 of today\'s 345 appointments');
    // The whole day counts every appointment of it, and "and N more" the ones past the rows shown.
    expect(within(card).getByText(/^Whole day · 345/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /And 305 more/ })).toBeInTheDocument();
  });

  it('picks a custom period with the app\'s date pickers, written in Arabic', async () => {
    await setLanguage('ar');
    const asked = api();
    renderDashboard();
    await screen.findByTestId('tile-total');
    await userEvent.click(screen.getByText('مخصصة'));
    const from = screen.getByTestId('dashboard-from');
    const to = screen.getByTestId('dashboard-to');
    // "8 مارس 2026", not a browser's mm/dd/yyyy.
    for (const field of [from, to]) {
      expect(field).toHaveTextContent(/^\d{1,2} [\u0600-\u06FF]+ \d{4}$/);
      expect(field.textContent).not.toContain('/');
    }
    await userEvent.click(from);
    const days = await screen.findAllByRole('button', { name: /^1 / });
    await userEvent.click(days[0]!);
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('from')).toMatch(/-01$/));
  });

  it('writes every figure with Arabic-Indic digits when the user chose them', async () => {
    await setLanguage('ar');
    const preferences = { ...demoUser.preferences, digits: 'arab' as const };
    signIn({ permissions: ['dashboard_read', 'appointment_read'], preferences });
    api(preferences);
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('tile-total')).toHaveTextContent('٧'));
    expect(screen.getByTestId('tile-total')).not.toHaveTextContent('7');
    expect(screen.getByTestId('tile-revenue')).toHaveTextContent('١٢٠٫٠٠');
    expect(screen.getByTestId('tile-revenue')).toHaveTextContent('ر.س.');
    expect(screen.getByTestId('tile-no-show')).toHaveTextContent('٢٠');
    expect(within(screen.getByTestId('dashboard-heatmap')).getAllByText('٢').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('dashboard-agenda')).getByText('٠٩:٣٠')).toBeInTheDocument();
  });

  it('keeps Western digits in Arabic by default', async () => {
    await setLanguage('ar');
    api();
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('tile-total')).toHaveTextContent('7'));
    expect(within(screen.getByTestId('dashboard-agenda')).getByText('09:30')).toBeInTheDocument();
  });
});
