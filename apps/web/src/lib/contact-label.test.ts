import { describe, expect, it } from 'vitest';
import { contactLabel } from './contact-label';
import { i18n } from './i18n';

describe('contact labels', () => {
  it('translates the usual labels whatever their case and keeps the others as typed', async () => {
    await i18n.changeLanguage('ar');
    const t = i18n.t.bind(i18n);
    expect(contactLabel('primary', t)).toBe('أساسي');
    expect(contactLabel('Mobile', t)).toBe('جوال');
    expect(contactLabel('work', t)).toBe('العمل');
    expect(contactLabel('Head office', t)).toBe('المكتب الرئيسي');
    expect(contactLabel('Night line', t)).toBe('Night line');
  });
});
