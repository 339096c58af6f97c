import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingPage } from '@clinic/shared';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { BookingPageCard } from './booking-page-card';

const none: BookingPage = { slug: null, url: null, qrSvg: null, embed: null };
const set: BookingPage = {
  slug: 'north-group', url: 'https://clinic.example/book/north-group', qrSvg: 'data:image/svg+xml;utf8,%3Csvg%3E%3C%2Fsvg%3E',
  embed: '<iframe src="https://clinic.example/book/north-group" title="Book an appointment"></iframe>',
};

function api(answer: (slug: string | null) => Response) {
  const puts: Array<{ slug: string | null }> = [];
  mockFetch((url, init) => {
    if (url.pathname !== '/api/companies/co1/booking-page') return jsonResponse(404, errorBody('Not found'));
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { slug: string | null };
      puts.push(body);
      return answer(body.slug);
    }
    return jsonResponse(200, ok(none));
  });
  return puts;
}

describe("the organisation's booking address", () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('saves an address, then shows it with its QR code and the snippet to embed', async () => {
    const puts = api(() => jsonResponse(200, ok(set, 'Booking address saved')));
    const user = userEvent.setup();
    renderWithProviders(<BookingPageCard companyId="co1" />);
    expect(await screen.findByTestId('booking-page-none')).toHaveTextContent('No booking address yet.');
    await user.type(screen.getByTestId('booking-page-slug'), 'North-Group');
    await user.click(screen.getByTestId('booking-page-save'));
    await waitFor(() => expect(puts).toEqual([{ slug: 'north-group' }]));
    expect(await screen.findByTestId('booking-page-url')).toHaveValue('https://clinic.example/book/north-group');
    expect(screen.getByRole('img', { name: 'QR code of the booking address' })).toHaveAttribute('src', set.qrSvg);
    expect(screen.getByTestId('booking-page-embed')).toHaveValue(set.embed);
  });

  it('says when another organisation has the address, under the field', async () => {
    api(() => jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', { slug: 'This address is taken by another organisation; choose another' })));
    const user = userEvent.setup();
    renderWithProviders(<BookingPageCard companyId="co1" />);
    await user.type(await screen.findByTestId('booking-page-slug'), 'taken-name');
    await user.click(screen.getByTestId('booking-page-save'));
    await expectFieldError(screen.getByTestId('booking-page-slug'), 'This address is taken by another organisation; choose another');
    expect(screen.getByTestId('booking-page-none')).toBeInTheDocument();
  });
});
