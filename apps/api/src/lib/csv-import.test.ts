import { describe, expect, it } from 'vitest';
import { csvRecords, csvSeparator, csvText } from './csv-import.js';

const enc = (s: string) => new TextEncoder().encode(s);

describe('csvText', () => {
  it('reads UTF-8 text and drops a byte-order mark', async () => {
    expect(await csvText(enc('\uFEFFcode,a,b'))).toBe('code,a,b');
  });
  it('refuses binaries by their content, other encodings and control characters', async () => {
    expect(await csvText(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBeNull();
    expect(await csvText(enc('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'))).toBeNull(); // a PDF renamed .csv, no control character in it
    expect(await csvText(new Uint8Array([0xc7, 0xe1, 0xca]))).toBeNull(); // Windows-1256 Arabic
    expect(await csvText(enc('code,a\u007f,b'))).toBeNull();
  });
});

describe('csvRecords', () => {
  it('reads quoted cells with commas, quotes and line breaks, numbering each record by its first line', () => {
    const records = [...csvRecords('a,"b, c","say ""hi"""\r\nx,"two\nlines",z\nlast,1,2')];
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b, c', 'say "hi"']],
      [2, ['x', 'two\nlines', 'z']],
      [4, ['last', '1', '2']],
    ]);
  });

  it('reads semicolon-separated files, as spreadsheets in Arabic locales write them', () => {
    const text = 'name;strength\n"Panadol; extra";500 mg';
    expect(csvSeparator(text)).toBe(';');
    expect([...csvRecords(text, csvSeparator(text))].map((r) => r.cells)).toEqual([['name', 'strength'], ['Panadol; extra', '500 mg']]);
    expect([...csvRecords('a,"open\nb,c')]).toEqual([{ line: 1, cells: ['a', 'open\nb,c'], unclosed: true }]);
  });
});
