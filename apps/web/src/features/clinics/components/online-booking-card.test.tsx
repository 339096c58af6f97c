import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnlineBookingSettings } from '@clinic/shared';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { OnlineBookingCard } from './online-booking-card';

const S2 = '22222222-2222-4222-8222-222222222222';
const services = [{ _id: '11111111-1111-4111-8111-111111111111', name: 'Dental check-up' }, { _id: S2, name: 'Cleaning' }];
const doctors = [{ _id: '33333333-3333-4333-8333-333333333333', name: 'Dr. Salma Haddad' }];
const off: OnlineBookingSettings = {
  clinic: 'c1', enabled: false, mode: 'instant', services: [], doctors: [], minNoticeMinutes: 120, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 4,
  cancellationPolicy: {}, url: null, version: 1,
};

function api(answer?: (body: Record<string, unknown>) => Response) {
  const puts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/clinics/c1/online-booking' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      if (answer) return answer(body);
      return jsonResponse(200, ok({ ...off, ...body, url: 'https://clinic.example/book/north?clinic=c1', version: 2 }, 'Online booking settings saved'));
    }
    if (url.pathname === '/api/clinics/c1/online-booking') return jsonResponse(200, ok(off));
    return jsonResponse(404, errorBody('Not found'));
  });
  return puts;
}

const renderCard = () => renderWithProviders(<OnlineBookingCard clinicId="c1" services={services} doctors={doctors} />);

describe("a clinic's online booking", () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('starts off with the defaults, saves what the desk chose, then shows the clinic\'s link to copy', async () => {
    const puts = api();
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByTestId('online-booking-no-link')).toHaveTextContent('no booking address yet');
    expect(screen.getByTestId('online-booking-notice')).toHaveValue('120');

    await user.click(screen.getByTestId('online-booking-enabled'));
    await user.click(screen.getByText('The desk accepts first'));
    await user.click(screen.getByTestId('online-booking-services'));
    await user.click(await screen.findByRole('option', { name: 'Cleaning' }));
    await user.clear(screen.getByTestId('online-booking-notice'));
    await user.type(screen.getByTestId('online-booking-notice'), '60');
    await user.type(screen.getByTestId('online-booking-policy-ar'), 'ألغِ قبل يوم');
    await user.click(screen.getByTestId('online-booking-save'));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      enabled: true, mode: 'request', services: [S2], doctors: [], minNoticeMinutes: 60, cancellationPolicy: { ar: 'ألغِ قبل يوم' }, version: 1,
    });
    expect(await screen.findByTestId('online-booking-link')).toHaveValue('https://clinic.example/book/north?clinic=c1');
    expect(screen.getByTestId('online-booking-link-copy')).toHaveAccessibleName('Copy link');
  });

  it('puts the server\'s refusal under the list it is about, in Arabic too', async () => {
    await setLanguage('ar');
    api(() => jsonResponse(422, errorBody('تحقق من الحقول', 'VALIDATION_FAILED', { 'services.0': 'اختر خدمات هذه العيادة' })));
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByTestId('online-booking-save'));
    expect(await screen.findByText('اختر خدمات هذه العيادة')).toBeInTheDocument();
    expect(screen.getByText('الحجز الإلكتروني')).toBeInTheDocument();
  });

  it('refuses an emptied minimum notice before asking the server', async () => {
    const puts = api();
    const user = userEvent.setup();
    renderCard();
    await user.clear(await screen.findByTestId('online-booking-notice'));
    await user.click(screen.getByTestId('online-booking-save'));
    expect(await screen.findByText(/Minimum notice is a whole number of minutes/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });
});
