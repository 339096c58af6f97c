import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PrescriptionCheckResult } from '@clinic/shared';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { CheckNotices } from './check-notices';

const check: PrescriptionCheckResult = {
  allergyState: 'allergies',
  warnings: [
    { key: 'allergy:0:a1', kind: 'allergy', item: 0, drugName: 'Amoxil', allergyId: 'a1', substance: 'Amoxicillin', severity: 'severe' },
    { key: 'duplicate:0:m1', kind: 'duplicate', item: 0, drugName: 'Amoxil', patientMedicationId: 'm1', medicationName: 'Flemoxin', sameDrug: false },
  ],
  notices: ['noClassCheck', 'noCurrentMedications'],
};

function Harness({ result }: { result: PrescriptionCheckResult | undefined }) {
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return <CheckNotices check={result} pending={false} failed={false} reasons={reasons} onReason={(k, r) => setReasons((x) => ({ ...x, [k]: r }))} />;
}

describe('the checks shown before issuing', () => {
  beforeEach(async () => {
    await setLanguage('ar');
  });

  it('names each warning in Arabic with a reason box, and always says what could not be checked', async () => {
    renderWithProviders(<Harness result={check} />);
    expect(screen.getByTestId('rx-warning-allergy').textContent).toContain('Amoxil: المريض لديه حساسية من Amoxicillin (شديدة)');
    expect(screen.getByTestId('rx-warning-duplicate').textContent).toContain('المادة نفسها في دواء حالي (Flemoxin)');
    expect(screen.getAllByTestId('rx-warning-reason')).toHaveLength(2);
    await userEvent.type(screen.getAllByTestId('rx-warning-reason')[0]!, 'تحمّله سابقاً');
    expect((screen.getAllByTestId('rx-warning-reason')[0] as HTMLTextAreaElement).value).toBe('تحمّله سابقاً');
    expect(screen.getByTestId('rx-notice-noClassCheck').textContent).toContain('لم يُجرَ فحص فئة الدواء');
    expect(screen.getByTestId('rx-notice-noCurrentMedications')).toBeTruthy();
  });

  it('says a restricted current medication conflicts without naming it', () => {
    renderWithProviders(<Harness result={{
      allergyState: 'none', notices: ['noClassCheck'],
      warnings: [{ key: 'duplicate:0:m9', kind: 'duplicate', item: 0, drugName: 'Zidorex', patientMedicationId: 'm9', medicationName: '', sameDrug: false, restricted: true }],
    }} />);
    expect(screen.getByTestId('rx-warning-duplicate').textContent).toContain('Zidorex: يتعارض مع دواء حالي مقيّد');
    expect(screen.getAllByTestId('rx-warning-reason')).toHaveLength(1);
  });

  it('says allergies were not recorded rather than showing no warning', () => {
    renderWithProviders(<Harness result={{ allergyState: 'unknown', warnings: [], notices: ['allergiesUnknown', 'noClassCheck', 'noCurrentMedications'] }} />);
    expect(screen.getByTestId('rx-notice-allergiesUnknown').textContent).toContain('الحساسية غير مسجلة');
    expect(screen.getByTestId('rx-no-warnings')).toBeTruthy();
  });
});
