import { beforeEach, describe, expect, it } from 'vitest';
import type { AllergyState, OrderRecord } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintOrderPage from './print-order-page';

const id = '66666666-6666-4666-8666-666666666666';
const patient = { _id: '77777777-7777-4777-8777-777777777777', name: 'Huda Saleh', publicId: 'PAT-000042' };
const order: OrderRecord = {
  _id: id, number: 'IMG-2026-000007', kind: 'imaging', patient, doctor: { _id: 'd1', name: 'Dr. Layla Hassan' }, clinic: { _id: 'c1', name: 'Olaya' },
  encounter: null, priority: 'urgent', notes: 'Contrast study', status: 'ordered',
  items: [{ _id: 'i1', catalogueItem: 'k1', code: 'CTA', nameEn: 'CT abdomen with contrast', nameAr: 'أشعة مقطعية للبطن بالصبغة', analytes: [] }],
  ordered: { at: '2026-11-28T08:00:00.000Z', by: null }, collected: null, resulted: null, cancelled: null, cancelReason: '',
  results: [], resultNote: '', resultDocument: null, abnormal: false, acknowledged: null, version: 1,
};

const allergy = (id: string, substance: string, status: 'active' | 'resolved'): AllergyState['allergies'][number] => ({
  _id: id, substance, substanceKey: substance.toLowerCase(), type: 'allergy', reaction: 'Hives', severity: 'severe', status, encounterId: null,
  recordedBy: null, recordedAt: '2026-01-01T08:00:00.000Z', updatedAt: '2026-01-01T08:00:00.000Z', version: 1,
});

function serve(allergies: AllergyState | 'fails') {
  mockFetch((url) => {
    if (url.pathname.endsWith('/allergies')) return allergies === 'fails' ? jsonResponse(500, { success: false, message: 'down' }) : jsonResponse(200, { success: true, data: allergies });
    return jsonResponse(200, { success: true, data: order });
  }, { profile: { permissions: ['clinical_read'] } });
}
const render = () => renderWithProviders(<PrintOrderPage />, `/print/order/${id}`, { route: '/print/order/:id' });

describe('the printed requisition', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: ['clinical_read'] });
  });

  it('names the patient\'s active allergies, so the lab or imaging sees them before the test', async () => {
    serve({ state: 'allergies', noKnownAllergies: null, allergies: [allergy('a1', 'Iodinated contrast', 'active'), allergy('a2', 'Latex', 'resolved')], toldAtRegistration: [] });
    const view = render();
    expect(await view.findByTestId('print-order-number')).toHaveTextContent('IMG-2026-000007');
    expect(await view.findByTestId('print-order-allergies')).toHaveTextContent(/^Iodinated contrast$/);
  });

  it('says an order of another doctor\'s sensitive visit is refused, and links to that visit, instead of "not found"', async () => {
    const message = 'This was recorded at a visit whose note is marked sensitive. Open the visit with a reason to see it; your access is recorded and administrators are told';
    mockFetch(() => jsonResponse(403, { success: false, message: { message, code: 'SENSITIVE_NOTE', data: { encounterId: 'enc-7' } } }), { profile: { permissions: ['clinical_read'] } });
    const view = render();
    expect(await view.findByTestId('sensitive-refusal')).toHaveTextContent(message);
    expect(view.getByRole('link', { name: 'Open the visit to give a reason' }).getAttribute('href')).toBe('/encounters/enc-7');
    expect(view.queryByText('Nothing to print: the record was not found')).toBeNull();
    expect(view.queryByTestId('print-order-number')).toBeNull();
  });

  it('says when allergies were never recorded, and when they could not be loaded: never a blank line', async () => {
    serve({ state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: [] });
    const view = render();
    expect(await view.findByText('Allergies not recorded: ask the patient')).toBeInTheDocument();
    view.unmount();
    serve('fails');
    expect(await render().findByText('Allergies could not be loaded: check them before the test')).toBeInTheDocument();
  });
});
