import { describe, expect, it } from 'vitest';
import { checkPrescription, unacknowledged, verificationState, type CheckedAllergy } from './prescribing.js';
import { frequencyText } from './medications.js';

const amoxicillin = { medicationId: 'm-amox', name: 'Amoxil 500 mg', genericName: 'Amoxicillin', nameAr: 'أموكسيل' };
const penicillinAllergy: CheckedAllergy = { id: 'a1', substance: 'Penicillin', status: 'active', severity: 'severe' };
const amoxAllergy: CheckedAllergy = { id: 'a2', substance: 'amoxicillin', status: 'active', severity: 'life_threatening' };

describe('checking a prescription', () => {
  it('warns of an allergy matched by the generic name, naming the substance and its severity', () => {
    const r = checkPrescription({ items: [amoxicillin], allergyState: 'allergies', allergies: [amoxAllergy, penicillinAllergy], activeMedications: [] });
    expect(r.warnings).toEqual([{ key: 'allergy:0:a2', kind: 'allergy', item: 0, drugName: 'Amoxil 500 mg', allergyId: 'a2', substance: 'amoxicillin', severity: 'life_threatening' }]);
    // Penicillin is the class of amoxicillin: not inferred, and the answer says so.
    expect(r.notices).toContain('noClassCheck');
  });

  it('matches the Arabic name, with the Arabic letter forms folded', () => {
    const allergy: CheckedAllergy = { id: 'a3', substance: 'اموكسيل', status: 'active' };
    const r = checkPrescription({ items: [{ ...amoxicillin, genericName: '' }], allergyState: 'allergies', allergies: [allergy], activeMedications: [] });
    expect(r.warnings.map((w) => w.key)).toEqual(['allergy:0:a3']);
  });

  it('ignores an allergy that is no longer active', () => {
    const r = checkPrescription({ items: [amoxicillin], allergyState: 'none', allergies: [{ ...amoxAllergy, status: 'resolved' }], activeMedications: [] });
    expect(r.warnings).toEqual([]);
  });

  it('warns of a duplicate: the same catalogue drug, or another brand of the same generic', () => {
    const active = [
      { id: 'pm1', medicationId: 'm-amox', name: 'Amoxil 500 mg', genericName: 'Amoxicillin' },
      { id: 'pm2', medicationId: 'm-other', name: 'Flemoxin', genericName: 'amoxicillin trihydrate 250 mg' },
      { id: 'pm3', medicationId: 'm-met', name: 'Glucophage', genericName: 'Metformin' },
    ];
    const r = checkPrescription({ items: [amoxicillin], allergyState: 'none', allergies: [], activeMedications: active });
    expect(r.warnings.map((w) => [w.key, w.kind === 'duplicate' && w.sameDrug])).toEqual([['duplicate:0:pm1', true], ['duplicate:0:pm2', false]]);
    expect(r.notices).toEqual(['noClassCheck']);
  });

  it('says what could not be checked: allergies never recorded, no current medications', () => {
    const r = checkPrescription({ items: [amoxicillin], allergyState: 'unknown', allergies: [], activeMedications: [] });
    expect(r.warnings).toEqual([]);
    expect(r.notices).toEqual(['allergiesUnknown', 'noClassCheck', 'noCurrentMedications']);
  });

  it('needs a reason for every warning before issuing', () => {
    const { warnings } = checkPrescription({ items: [amoxicillin, { ...amoxicillin, medicationId: 'x' }], allergyState: 'allergies', allergies: [amoxAllergy], activeMedications: [] });
    expect(warnings).toHaveLength(2);
    expect(unacknowledged(warnings, [{ key: 'allergy:0:a2', reason: 'Tolerated before under supervision' }]).map((w) => w.key)).toEqual(['allergy:1:a2']);
    expect(unacknowledged(warnings, [{ key: 'allergy:0:a2', reason: '  ' }, { key: 'allergy:1:a2', reason: 'ok' }]).map((w) => w.key)).toEqual(['allergy:0:a2']);
  });
});

describe('the verification state', () => {
  const issued = { status: 'issued' as const, issuedAt: '2026-11-01T09:00:00Z', validUntil: '2026-11-30' };
  it('is valid through its last day, then expired; cancelled wins; a draft has none', () => {
    expect(verificationState(issued, '2026-11-30')).toBe('valid');
    expect(verificationState(issued, '2026-12-01')).toBe('expired');
    expect(verificationState({ ...issued, status: 'cancelled' }, '2026-11-02')).toBe('cancelled');
    expect(verificationState({ status: 'draft', issuedAt: null, validUntil: null }, '2026-11-02')).toBeNull();
  });
});

describe('frequencies written in the prescription language', () => {
  it('writes twice daily in English and Arabic', () => {
    expect(frequencyText('BID', 'en')).toBe('twice daily');
    expect(frequencyText('BID', 'ar')).toBe('مرتين يومياً');
  });
});
