import { describe, expect, it } from 'vitest';
import { boxLabel, closerName } from './cash-box-label';

describe('a cash box’s label', () => {
  it('names the clinic once', () => {
    const clinic = { _id: 'c1', name: 'Women\u2019s Health Clinic' };
    expect(boxLabel({ name: 'Women\u2019s Health Clinic front desk', clinic }, 'Company')).toBe('Women\u2019s Health Clinic front desk');
    expect(boxLabel({ name: 'Front desk', clinic }, 'Company')).toBe('Front desk · Women\u2019s Health Clinic');
    expect(boxLabel({ name: 'Main box', clinic: null }, 'Company')).toBe('Main box · Company');
  });
});

describe('who closed a day', () => {
  const t = (key: string) => (key === 'finance.cashBoxes.closedBySystem' ? 'System (no person recorded)' : key);
  it('names the person, the system for a close no one made, a dash for a name no longer on file', () => {
    expect(closerName({ name: 'Huda Saleh' }, t)).toBe('Huda Saleh');
    expect(closerName(null, t)).toBe('System (no person recorded)');
    expect(closerName({ name: '' }, t)).toBe('—');
  });
});
