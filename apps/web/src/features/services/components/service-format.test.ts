import { describe, expect, it } from 'vitest';
import { formatPrice } from './service-format';

describe('service price', () => {
  it('is written as every other amount, through the shared money formatter', () => {
    expect(formatPrice(400, 'en')).toBe('SAR\u00a0400.00');
    expect(formatPrice(1150.5, 'en')).toBe('SAR\u00a01,150.50');
    expect(formatPrice(400, 'ar')).toContain('400.00');
    expect(formatPrice(400, 'ar')).toContain('ر.س.');
  });
});
