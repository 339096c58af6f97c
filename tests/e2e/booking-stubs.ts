import type { Page } from '@playwright/test';

/**
 * The public booking API's answers, stubbed in the browser (shapes of `onlineBookingRoutes`): for the booking page's
 * screenshots and its accessibility check, which are about the page, not the API (online-booking.spec.ts covers both
 * ends together).
 */
const clinic = {
  _id: '11111111-1111-4111-8111-111111111111', name: 'Olaya Clinic · عيادة العليا', complex: 'Riyadh Medical Complex', address: 'King Fahd Road, Olaya, Riyadh',
  mapUrl: 'https://www.openstreetmap.org/?mlat=24.69&mlon=46.68', timeZone: 'Asia/Riyadh', firstWeekday: 6, hijri: 'beside', mode: 'instant',
  minNoticeMinutes: 60, horizonDays: 45,
  cancellationPolicy: { en: 'Cancel or move your visit up to 12 hours before it, from the link we send you.', ar: 'يمكنك إلغاء موعدك أو تغييره حتى 12 ساعة قبله من الرابط الذي نرسله لك.' },
  services: [
    { _id: '22222222-2222-4222-8222-222222222221', name: 'General consultation', durationMinutes: 20, price: 150 },
    { _id: '22222222-2222-4222-8222-222222222222', name: 'Follow-up visit', durationMinutes: 15, price: 100 },
  ],
  doctors: [
    { _id: '33333333-3333-4333-8333-333333333331', name: 'Dr. Rana Al-Harbi', speciality: 'Family medicine', services: ['22222222-2222-4222-8222-222222222221', '22222222-2222-4222-8222-222222222222'] },
    { _id: '33333333-3333-4333-8333-333333333332', name: 'Dr. Omar Haddad', speciality: 'Internal medicine', services: ['22222222-2222-4222-8222-222222222221'] },
  ],
};
export const STUB_SITE = { organisation: 'Al-Noor Medical', language: 'ar', clinics: [clinic, { ...clinic, _id: '11111111-1111-4111-8111-111111111112', name: 'Malaz Clinic · عيادة الملز', complex: null, address: 'Malaz, Riyadh' }] };

const ok = (data: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify({ success: true, data }) });

/** Every free day a weekday (not Friday) from tomorrow; times 09:00-12:00 every 20 minutes, clinic time (UTC+3). */
export async function stubBookingApi(page: Page, slug = 'al-noor') {
  await page.route(`**/api/public/book/${slug}**`, async (route) => {
    const url = new URL(route.request().url());
    const tail = url.pathname.replace(`/api/public/book/${slug}`, '');
    if (tail === '') return route.fulfill(ok(STUB_SITE));
    if (tail === '/days') {
      const days: string[] = [];
      const tomorrow = Date.now() + 86_400_000;
      for (let t = Date.parse(`${url.searchParams.get('from')}T00:00:00Z`); t <= Date.parse(`${url.searchParams.get('to')}T00:00:00Z`); t += 86_400_000) {
        if (t >= tomorrow - 86_400_000 && new Date(t).getUTCDay() !== 5) days.push(new Date(t).toISOString().slice(0, 10));
      }
      return route.fulfill(ok({ days }));
    }
    if (tail === '/times') {
      const date = url.searchParams.get('date')!;
      const times = ['06:00', '06:20', '06:40', '07:00', '07:40', '08:00', '08:20', '08:40'].map((hm, i) => ({
        datetime: `${date}T${hm}:00.000Z`, doctor: { _id: clinic.doctors[i % 2]!._id, name: clinic.doctors[i % 2]!.name },
      }));
      return route.fulfill(ok({ date, timeZone: 'Asia/Riyadh', times }));
    }
    if (tail === '/code') return route.fulfill(ok({ verification: '44444444-4444-4444-8444-444444444444', expiresAt: new Date(Date.now() + 300_000).toISOString(), channel: 'sms', smsIfUndelivered: false }, 202));
    if (tail === '/appointments') {
      const body = route.request().postDataJSON() as { datetime: string; doctor: string };
      return route.fulfill(ok({
        publicId: 'APT-000123', status: 'scheduled', datetime: body.datetime, endsAt: new Date(Date.parse(body.datetime) + 20 * 60_000).toISOString(),
        timeZone: 'Asia/Riyadh', clinic: clinic.name, address: clinic.address, mapUrl: clinic.mapUrl, doctor: clinic.doctors[0]!.name,
        service: clinic.services[0]!.name, link: '/visit#stub', icsUrl: '/api/public/visit/ics?token=stub',
      }, 201));
    }
    return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, message: { message: 'Not found', code: 'NOT_FOUND' } }) });
  });
}
