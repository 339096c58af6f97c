import { describe, expect, it } from 'vitest';
import { appendField } from './form-data';

const entries = (build: (form: FormData) => void) => {
  const form = new FormData();
  build(form);
  return [...form.entries()];
};

describe('appendField', () => {
  it('flattens lists and rows into the names the API reads', () => {
    expect(entries((f) => appendField(f, 'contacts', [{ type: 'phone', value: '050' }], false))).toEqual([
      ['contacts[0][type]', 'phone'],
      ['contacts[0][value]', '050'],
    ]);
  });

  it('leaves empty values out of a new record, and sends them as empty on an edit so it can clear them', () => {
    expect(entries((f) => ['a', 'b', 'c'].forEach((n, i) => appendField(f, n, [null, '', []][i], false)))).toEqual([]);
    expect(entries((f) => ['a', 'b', 'c'].forEach((n, i) => appendField(f, n, [null, '', []][i], true)))).toEqual([['a', ''], ['b', ''], ['c', '']]);
    expect(entries((f) => appendField(f, 'x', undefined, true))).toEqual([]);
  });
});
