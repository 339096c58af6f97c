import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, sameContent, writeDraft } from './draft-store';

describe('the draft kept on this device', () => {
  it('is read back after a reload and removed once the server has it', () => {
    writeDraft('e1', { content: { complaint: 'سعال' }, baseVersion: 2 });
    expect(readDraft('e1')).toMatchObject({ content: { complaint: 'سعال' }, baseVersion: 2, savedAt: expect.any(String) });
    expect(readDraft('e2')).toBeNull();
    clearDraft('e1');
    expect(readDraft('e1')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('clinic.noteDraft.bad', '{not json');
    expect(readDraft('bad')).toBeNull();
  });

  it('compares contents with blank answers as absent', () => {
    expect(sameContent({ a: 'x', b: '', c: [] }, { a: 'x', d: null })).toBe(true);
    expect(sameContent({ a: 'x' }, { a: 'y' })).toBe(false);
  });
});
