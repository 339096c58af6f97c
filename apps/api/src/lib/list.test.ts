import { describe, expect, it } from 'vitest';
import { activeFilter, likePattern } from './list.js';

describe('activeFilter', () => {
  it('takes isActive first, then status, then a boolean filter_fields.isActive', () => {
    expect(activeFilter({ isActive: false, status: true, filter_fields: { isActive: true } })).toBe(false);
    expect(activeFilter({ status: true, filter_fields: { isActive: false } })).toBe(true);
    expect(activeFilter({ filter_fields: { isActive: false } })).toBe(false);
  });

  it('is no filter when none is given or filter_fields.isActive is not a boolean', () => {
    expect(activeFilter({})).toBeUndefined();
    expect(activeFilter({ filter_fields: { isActive: 'false' } })).toBeUndefined();
    expect(activeFilter({ filter_fields: { gender: 'Male' } })).toBeUndefined();
  });
});

describe('likePattern', () => {
  it('escapes the wildcards so they are searched for as text', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
