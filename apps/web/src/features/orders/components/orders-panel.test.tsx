import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { OrdersPanel } from './orders-panel';

/** A resulted order of another doctor's sensitive encounter, as the list answers it: there, without number, tests or results. */
const masked: OrderRecord = {
  _id: 'o1', number: '', kind: 'lab', patient: { _id: 'p1', name: 'Rami', publicId: 'P-1' }, doctor: { _id: 'e2', name: 'Dr. Nadia' },
  clinic: { _id: 'c1', name: 'Main' }, encounter: 'enc-7', priority: 'routine', notes: '', status: 'resulted', items: [],
  ordered: { at: '2026-11-20T09:00:00.000Z', by: null }, collected: null, resulted: { at: '2026-11-20T11:00:00.000Z', by: null }, cancelled: null,
  cancelReason: '', results: [], resultNote: '', resultDocument: null, abnormal: false, acknowledged: null, version: 3, restricted: true,
};

afterEach(() => setLanguage('en'));

describe('a restricted order in the panel', () => {
  it('says it is restricted and opens its encounter, with no results or actions, in English and Arabic', async () => {
    mockFetch((url) => (url.pathname === '/api/patients/p1/orders'
      ? jsonResponse(200, { success: true, data: [masked], pagination: { current_page: 1, items_per_page: 30, has_next_page: false, has_previous_page: false, total_items: 1, total_pages: 1, total_exact: true } })
      : jsonResponse(404, {})));
    signIn({ _id: 'e1', permissions: ['clinical_read', 'order', 'result_write'] });
    const view = renderWithProviders(<OrdersPanel patientId="p1" />);
    const link = await screen.findByRole('link', { name: 'Restricted order — open the encounter with a reason to see it' });
    expect(link.getAttribute('href')).toBe('/encounters/enc-7');
    const row = screen.getByTestId('order-row');
    expect(within(row).queryByTestId('order-number')).toBeNull();
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Resulted');
    for (const control of ['order-toggle-results', 'order-print', 'order-cancel', 'order-collect']) expect(within(row).queryByTestId(control)).toBeNull();
    view.unmount();

    await setLanguage('ar');
    renderWithProviders(<OrdersPanel patientId="p1" />);
    expect(await screen.findByRole('link', { name: 'طلب مقيّد — افتح الزيارة مع ذكر السبب لرؤيته' })).toBeInTheDocument();
  });
});

describe('an order in the panel', () => {
  it('offers its requisition for printing under a worded label, in English and Arabic', async () => {
    const ordered: OrderRecord = {
      ...masked, _id: 'o2', number: 'LAB-2026-000010', status: 'ordered', resulted: null, restricted: false, encounter: 'enc-8',
      items: [{ _id: 'i1', catalogueItem: 'c1', code: 'LIPID', nameEn: 'Lipid panel', nameAr: 'دهون الدم', analytes: [] }],
    };
    mockFetch((url) => (url.pathname === '/api/patients/p1/orders'
      ? jsonResponse(200, { success: true, data: [ordered], pagination: { current_page: 1, items_per_page: 30, has_next_page: false, has_previous_page: false, total_items: 1, total_pages: 1, total_exact: true } })
      : jsonResponse(404, {})));
    signIn({ _id: 'e1', permissions: ['clinical_read', 'order'] });
    const view = renderWithProviders(<OrdersPanel patientId="p1" />);
    const link = await screen.findByTestId('order-print');
    expect(link).toHaveTextContent('Print requisition');
    expect(link.getAttribute('href')).toBe('/print/order/o2');
    view.unmount();

    await setLanguage('ar');
    renderWithProviders(<OrdersPanel patientId="p1" />);
    expect(await screen.findByTestId('order-print')).toHaveTextContent('طباعة نموذج الطلب');
  });
});
