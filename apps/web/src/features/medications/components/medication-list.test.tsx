import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PatientMedicationRecord } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { listOf } from '@/test/mocks';
import { MedicationList } from './medication-list';

function entry(over: Partial<PatientMedicationRecord> = {}): PatientMedicationRecord {
  return {
    _id: 'm1', patient: 'p1', medication: { _id: 'd1', name: 'Augmentin' }, name: 'Augmentin', nameAr: '', genericName: 'Amoxicillin/Clavulanate', strength: '625 mg',
    form: 'Tablet', dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startDate: '2026-01-10', endDate: null, notes: '', status: 'active',
    statusReason: '', statusChangedBy: null, statusChangedAt: null, source: 'manual', prescription: null, encounter: null,
    createdBy: { _id: 'e1', name: 'Dr. Huda Saleh' }, createdAt: '2026-01-10T08:00:00.000Z', version: 1, ...over,
  };
}

function api(entries: PatientMedicationRecord[], permissions: string[]) {
  const sent: Array<{ path: string; body: unknown }> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/patients/p1/medications' && (init.method ?? 'GET') === 'GET') return jsonResponse(200, listOf(entries));
    if (url.pathname === '/api/patient-medications/m1/stop') {
      const body = JSON.parse(String(init.body)) as { reason: string };
      sent.push({ path: url.pathname, body });
      entries[0] = entry({ status: 'stopped', statusReason: body.reason, statusChangedBy: { _id: 'e1', name: 'Dr. Huda Saleh' }, version: 2 });
      return jsonResponse(200, { success: true, data: entries[0] });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  }, { profile: { permissions } });
  return sent;
}

describe('the patient\'s medication list', () => {
  beforeEach(async () => {
    await setLanguage('ar');
    signIn({ permissions: ['clinical_read', 'clinical_write'] });
  });

  it('writes the directions out in Arabic and stops a medication with its reason', async () => {
    const sent = api([entry()], ['clinical_read', 'clinical_write']);
    renderWithProviders(<MedicationList patientId="p1" />);
    const row = await screen.findByTestId('medication-row');
    expect(within(row).getByTestId('medication-directions').textContent).toBe('قرص واحد · مرتين يومياً · عن طريق الفم');
    await userEvent.click(within(row).getByTestId('medication-actions'));
    await userEvent.click(await screen.findByTestId('medication-stop'));
    await userEvent.click(screen.getByTestId('medication-close-submit'));
    expect(await screen.findByText('اكتب السبب')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByTestId('medication-close-reason'), 'طفح جلدي');
    await userEvent.click(screen.getByTestId('medication-close-submit'));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/patient-medications/m1/stop', body: { reason: 'طفح جلدي', version: 1 } }]));
    expect(await screen.findByText('أوقفه Dr. Huda Saleh: طفح جلدي')).toBeTruthy();
  });

  it('shows nothing to those who may not read clinical records', async () => {
    signIn({ permissions: ['patient_read'] });
    api([entry()], ['patient_read']);
    const { container } = renderWithProviders(<MedicationList patientId="p1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="medication-list"]')).toBeNull();
  });

  it('names a catalogue drug by its Arabic name in Arabic, the recorded name beside it, the strength in Arabic units', async () => {
    const sent = api([entry({ nameAr: 'أوجمنتين' }), entry({ _id: 'm2', medication: null, name: 'Herbal tea', strength: '' })], ['clinical_read']);
    renderWithProviders(<MedicationList patientId="p1" />);
    await waitFor(() => expect(screen.getAllByTestId('medication-name')[0]).toHaveTextContent('أوجمنتين 625 ملغ'));
    const [first, second] = screen.getAllByTestId('medication-row');
    expect(within(first!).getByTestId('medication-latin-name')).toHaveTextContent('Augmentin');
    expect(within(second!).getByTestId('medication-name')).toHaveTextContent('Herbal tea');
    expect(within(second!).queryByTestId('medication-latin-name')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows an entry of another doctor\'s sensitive visit as restricted, linking to that visit, with no actions', async () => {
    const restricted = entry({
      _id: 'm9', medication: null, name: '', genericName: '', strength: '', form: '', dose: null, unit: null, source: 'prescription', encounter: 'enc-7', restricted: true,
    });
    api([restricted], ['clinical_read', 'clinical_write']);
    const view = renderWithProviders(<MedicationList patientId="p1" />);
    const link = await screen.findByRole('link', { name: 'دواء مقيّد — افتح الزيارة مع ذكر السبب لرؤيته' });
    expect(link.getAttribute('href')).toBe('/encounters/enc-7');
    const row = screen.getByTestId('medication-row');
    expect(within(row).queryByTestId('medication-actions')).toBeNull();
    expect(within(row).queryByTestId('medication-directions')).toBeNull();
    expect(within(row).getByTestId('medication-status')).toHaveTextContent('فعّال');
    view.unmount();

    await setLanguage('en');
    api([restricted], ['clinical_read', 'clinical_write']);
    renderWithProviders(<MedicationList patientId="p1" />);
    expect(await screen.findByRole('link', { name: 'Restricted medication — open the encounter with a reason to see it' })).toBeInTheDocument();
  });

  it('keeps the recorded names in English', async () => {
    await setLanguage('en');
    const sent = api([entry()], ['clinical_read']);
    renderWithProviders(<MedicationList patientId="p1" />);
    expect(await screen.findByTestId('medication-name')).toHaveTextContent('Augmentin 625 mg');
    expect(sent).toEqual([]);
  });
});
