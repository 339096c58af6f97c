import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintPrescriptionPage from './print-prescription-page';

const id = '66666666-6666-4666-8666-666666666666';

afterEach(() => setLanguage('en'));

describe('the printed prescription of another doctor\'s sensitive visit', () => {
  it('says it is refused, in the interface language, and links to that visit instead of "not found"', async () => {
    await setLanguage('ar');
    const message = 'سُجّل هذا في زيارة ملاحظتها مصنفة حساسة. افتح الزيارة مع ذكر السبب لرؤيته؛ يُسجَّل وصولك ويُبلَّغ المسؤولون';
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.pathname);
      return jsonResponse(403, { success: false, message: { message, code: 'SENSITIVE_NOTE', data: { encounterId: 'enc-7' } } });
    }, { profile: { permissions: ['clinical_read', 'prescribe'] } });
    signIn({ permissions: ['clinical_read', 'prescribe'] });
    const view = renderWithProviders(<PrintPrescriptionPage />, `/print/prescription/${id}`, { route: '/print/prescription/:id' });
    expect(await view.findByTestId('sensitive-refusal')).toHaveTextContent(message);
    expect(view.getByRole('link', { name: 'افتح الزيارة لذكر السبب' }).getAttribute('href')).toBe('/encounters/enc-7');
    expect(view.queryByText('لا شيء للطباعة: لم يُعثر على السجل')).toBeNull();
    expect(view.queryByTestId('print-prescription')).toBeNull();
    // Refused once: a 403 is an answer, not a glitch to retry; the patient's allergies are not asked for.
    expect(asked).toEqual([`/api/prescriptions/${id}`]);
  });
});
