import { describe, expect, it } from 'vitest';
import { parseCatalogueCsv } from './catalogue-csv.js';
import { normalizeArabicLocal } from './search-text.js';

const HEADER = 'name,generic name,form,strength,Arabic name';

describe('the catalogue file', () => {
  it('reads quoted values, semicolons, a BOM and Windows line ends', () => {
    const csv = `\uFEFF${HEADER}\r\n"Augmentin, 625",Amoxicillin/Clavulanate,Tablet,625 mg,أوجمنتين\r\n\r\nPanadol,Paracetamol,Tablet,500 mg,"بنادول ""إكسترا"""\r\n`;
    const result = parseCatalogueCsv(csv);
    expect(result.ok && result.drugs.map((d) => [d.line, d.name, d.nameAr])).toEqual([[2, 'Augmentin, 625', 'أوجمنتين'], [4, 'Panadol', 'بنادول "إكسترا"']]);
    const semi = parseCatalogueCsv('Name;Generic_Name;Form;Strength;Arabic_Name\nBrufen;Ibuprofen;Tablet;400 mg;بروفين');
    expect(semi.ok && semi.drugs[0]!.genericName).toBe('Ibuprofen');
  });

  it('names every bad line and imports nothing', () => {
    const csv = [HEADER, 'Panadol,Paracetamol,Tablet,500 mg,بنادول', ',Paracetamol,Tablet,500 mg,', 'Brufen,Ibuprofen,Tablet', 'panadol,Paracetamol,tablet,500MG,بنادول'].join('\n');
    const result = parseCatalogueCsv(csv);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      'line.3': { key: 'validation.medications.csvName', params: { line: 3 } },
      'line.4': { key: 'validation.medications.csvColumns', params: { line: 4 } },
      'line.5': { key: 'validation.medications.csvDuplicate', params: { line: 5, first: 2 } },
    });
  });

  it('refuses a file without the header, an empty one, and an unclosed quote', () => {
    expect(parseCatalogueCsv('Panadol,Paracetamol,Tablet,500 mg,بنادول')).toMatchObject({ ok: false, errors: { 'line.1': { key: 'validation.medications.csvHeader' } } });
    expect(parseCatalogueCsv(`${HEADER}\n\n`)).toMatchObject({ ok: false, empty: true });
    expect(parseCatalogueCsv(`${HEADER}\nPanadol,"Paracetamol,Tablet,500 mg,x\nBrufen,Ibuprofen,Tablet,400 mg,بروفين`)).toMatchObject({ ok: false, errors: { 'line.2': { key: 'validation.medications.csvQuote' } } });
  });

  it('folds Arabic spellings for search', () => {
    expect(normalizeArabicLocal('أموكسيسيلين')).toBe(normalizeArabicLocal('اموكسيسيلين'));
    expect(normalizeArabicLocal('باراسيتامُول')).toBe('باراسيتامول');
    expect(normalizeArabicLocal('حبّة ٥٠٠')).toBe('حبه 500');
    expect(normalizeArabicLocal('مضاد حيوى')).toBe('مضاد حيوي');
  });
});
