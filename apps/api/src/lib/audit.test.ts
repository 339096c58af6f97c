import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.js';

describe('the audit record of an update', () => {
  it('keeps only the fields that changed, with their old and new values', () => {
    expect(changedFields({ name: 'A', jobTitle: 'X', hours: [1] }, { name: 'A', jobTitle: 'Y', hours: [1] })).toEqual({ before: { jobTitle: 'X' }, after: { jobTitle: 'Y' } });
    expect(changedFields({ blood_type: 'A+', allergies: ['Dust'] }, { blood_type: 'B-', allergies: ['Dust'] })).toEqual({ before: { blood_type: 'A+' }, after: { blood_type: 'B-' } });
  });

  it('records nothing when nothing changed, a missing value counting as null', () => {
    expect(changedFields({ a: 1, b: null }, { a: 1, b: undefined })).toBeNull();
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('reads only the fields of the new state, so a stored row can be compared with the columns written', () => {
    expect(changedFields({ id: 'x', createdAt: 'then', name: 'A' }, { name: 'B' })).toEqual({ before: { name: 'A' }, after: { name: 'B' } });
  });
});
