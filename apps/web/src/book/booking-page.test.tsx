import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { BookingRoot } from './booking-root';
import en from './locales/en.json';

const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const site = {
  organisation: 'Al-Noor', currency: 'SAR', language: 'en',
  clinics: [{
    _id: 'c1', name: 'Olaya Clinic', complex: null, address: 'Olaya', mapUrl: null, timeZone: 'Asia/Riyadh', firstWeekday: 6, hijri: 'off', mode: 'request',
    minNoticeMinutes: 60, horizonDays: 30, cancellationPolicy: { en: 'Cancel up to a day before.' },
    services: [{ _id: 's1', name: 'Consultation', durationMinutes: 20, price: null }],
    doctors: [{ _id: 'd1', name: 'Dr. Rana', speciality: null, services: ['s1'] }],
  }],
};
const doctor = { _id: 'd1', name: 'Dr. Rana' };

describe('the public booking page', () => {
  it('says it is loading the free days as a status a screen reader announces', async () => {
    vi.stubGlobal('fetch', vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/api/public/book/al-noor', '');
      // The free days are still on their way.
      return path === '' ? Promise.resolve(jsonResponse(200, ok(site))) : new Promise<Response>(() => {});
    }));
    window.history.pushState(null, '', '/book/al-noor?lang=en');
    render(<BookingRoot initialLanguage="en" initialTexts={en} explicit />);
    expect(await screen.findByRole('heading', { name: 'Choose a day' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: en.book.loading })).toBeInTheDocument();
  });

  it('keeps the code when the time was just taken, shows a wrong code on its field, and ends with the request waiting for the clinic', async () => {
    const booked: unknown[] = [];
    const answers = [
      jsonResponse(409, errorBody('Someone has just taken this time.', 'SLOT_TAKEN', { datetime: 'Someone has just taken this time.' })),
      jsonResponse(422, errorBody('The code is wrong', 'CODE_WRONG', { code: 'Wrong code: 4 tries left' })),
    ];
    vi.stubGlobal('fetch', vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/public/book/al-noor', '');
      if (path === '') return Promise.resolve(jsonResponse(200, ok(site)));
      if (path === '/days') return Promise.resolve(jsonResponse(200, ok({ days: [day] })));
      if (path === '/times') return Promise.resolve(jsonResponse(200, ok({ date: day, timeZone: 'Asia/Riyadh', times: [{ datetime: `${day}T06:00:00.000Z`, doctor }, { datetime: `${day}T07:00:00.000Z`, doctor }] })));
      if (path === '/code') return Promise.resolve(jsonResponse(202, ok({ verification: 'v1', expiresAt: new Date(Date.now() + 300_000).toISOString(), channel: 'whatsapp', smsIfUndelivered: true })));
      booked.push(JSON.parse(String(init.body)));
      return Promise.resolve(answers.shift() ?? jsonResponse(201, ok({
        publicId: 'APT-000009', status: 'requested', datetime: `${day}T07:00:00.000Z`, endsAt: `${day}T07:20:00.000Z`, timeZone: 'Asia/Riyadh', clinic: 'Olaya Clinic',
        address: 'Olaya', mapUrl: null, doctor: 'Dr. Rana', service: 'Consultation', link: 'http://x/visit#t', icsUrl: 'http://x/api/public/visit/ics?token=t',
      })));
    }));
    window.history.pushState(null, '', '/book/al-noor?lang=en');
    const user = userEvent.setup();
    render(<BookingRoot initialLanguage="en" initialTexts={en} explicit />);

    // One clinic, one service, one doctor: straight to the day.
    expect(await screen.findByRole('heading', { name: 'Choose a day' })).toBeInTheDocument();
    // Near a month's end the free day falls in the next month: the patient turns the page.
    if (day.slice(0, 7) !== new Date().toISOString().slice(0, 7)) await user.click(await screen.findByRole('button', { name: 'Next month' }));
    await user.click(await screen.findByRole('button', { name: /free times/ }));
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    expect(screen.getByText('Cancel up to a day before.')).toBeInTheDocument();
    await user.click(screen.getByTestId('book-send-code'));
    expect(screen.getByTestId('book-name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByTestId('book-name'), 'Maryam');
    await user.type(screen.getByTestId('book-phone'), '0551234567');
    // The date of birth in three fields, in the page's order: a day that does not exist is refused.
    await user.type(screen.getByTestId('book-dob'), '31');
    await user.selectOptions(screen.getByTestId('book-dob-month'), 'April');
    await user.type(screen.getByTestId('book-dob-year'), '1991');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByTestId('book-send-code'));
    expect(screen.getByTestId('book-dob-group')).toHaveTextContent(en.book.errors.dateOfBirthInvalid);
    expect(screen.getByTestId('book-dob')).toHaveFocus();
    await user.clear(screen.getByTestId('book-dob'));
    await user.type(screen.getByTestId('book-dob'), '12');
    await user.click(screen.getByTestId('book-send-code'));
    // Sent on WhatsApp, followed: the page says an SMS brings the same code should WhatsApp fail.
    expect(await screen.findByTestId('book-code-sent')).toHaveTextContent(`${en.book.codeSentWhatsapp.replace('{{phone}}', '0551234567')} ${en.book.codeSmsIfUndelivered}`);
    await user.type(await screen.findByTestId('book-code'), '123456');
    await user.click(screen.getByTestId('book-confirm'));

    // Taken meanwhile: back to the times, said so; the next time goes straight to the code, kept.
    expect(await screen.findByTestId('book-notice')).toHaveTextContent('Someone has just taken this time.');
    expect(screen.getByRole('heading', { name: 'Choose a time' })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    expect(screen.getByTestId('book-code')).toHaveValue('123456');
    expect(screen.getByTestId('book-confirm')).toHaveTextContent('Ask for this visit');
    await user.click(screen.getByTestId('book-confirm'));
    expect(await screen.findAllByText('Wrong code: 4 tries left')).not.toHaveLength(0);
    expect(screen.getByTestId('book-code')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('book-confirm'));

    const done = await screen.findByTestId('book-done');
    expect(within(done).getByTestId('book-done-status')).toHaveTextContent('Your visit is requested');
    expect(within(done).getByTestId('book-done-time')).toHaveTextContent('10:00');
    expect(within(done).getByTestId('book-done-ics')).toHaveAttribute('href', 'http://x/api/public/visit/ics?token=t');
    expect(booked.at(-1)).toMatchObject({ verification: 'v1', code: '123456', clinic: 'c1', service: 's1', doctor: 'd1', datetime: `${day}T07:00:00.000Z`, name: 'Maryam', dateOfBirth: '1991-04-12', gender: 'female', language: 'en' });
  });

  it('shows clinics and services as cards: where the clinic is said once, the price in its pill, no length for a service without one', async () => {
    const place = { complex: 'Olaya Complex', address: 'Olaya Complex, Riyadh' };
    const two = {
      ...site, language: 'ar',
      clinics: [
        { ...site.clinics[0]!, ...place, services: [{ _id: 's1', name: 'Consultation', durationMinutes: 20, price: 350 }, { _id: 's2', name: 'General consultation', durationMinutes: 0, price: null }], doctors: [{ ...site.clinics[0]!.doctors[0]!, services: ['s1', 's2'] }] },
        { ...site.clinics[0]!, ...place, _id: 'c2', name: 'Dental Clinic' },
      ],
    };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(200, ok(two)))));
    window.history.pushState(null, '', '/book/al-noor?lang=en');
    const user = userEvent.setup();
    render(<BookingRoot initialLanguage="en" initialTexts={en} explicit />);

    const clinics = await screen.findByTestId('book-options');
    expect(within(clinics).getAllByText('Olaya Complex, Riyadh')).toHaveLength(2);
    expect(clinics).not.toHaveTextContent('Olaya Complex · Olaya Complex');
    await user.click(within(clinics).getByRole('button', { name: /Olaya Clinic/ }));

    const services = await screen.findByTestId('book-options');
    const consultation = within(services).getByRole('button', { name: /^Consultation/ });
    expect(consultation).toHaveTextContent('20 minutes');
    expect(within(consultation).getByTestId('book-option-aside')).toHaveTextContent(/SAR\s350\.00/);
    const general = within(services).getByRole('button', { name: /General consultation/ });
    expect(general).not.toHaveTextContent(/minute/);
    expect(within(services).queryByText(/^0 minutes$/)).toBeNull();
  });
});
