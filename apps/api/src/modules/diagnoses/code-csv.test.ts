import { describe, expect, it } from 'vitest';
import { codeSearchText, parseCodeCsv, withoutArticle } from './code-csv.js';

describe('parseCodeCsv', () => {
  it('reads the rows after an optional header, upper-casing codes and tidying spaces', () => {
    const result = parseCodeCsv('Code,English title,Arabic title\nj06.9,Acute upper respiratory infection,  عدوى حادة   في الجهاز التنفسي\n\nI10,Essential hypertension,ارتفاع ضغط الدم الأساسي\n');
    expect(result).toEqual({ ok: true, rows: [
      { line: 2, code: 'J06.9', codeKey: 'j06.9', titleEn: 'Acute upper respiratory infection', titleAr: 'عدوى حادة في الجهاز التنفسي' },
      { line: 4, code: 'I10', codeKey: 'i10', titleEn: 'Essential hypertension', titleAr: 'ارتفاع ضغط الدم الأساسي' },
    ] });
  });

  it('reports every bad line by its number and imports nothing', () => {
    const result = parseCodeCsv('code,en,ar\nJ06.9,Infection,عدوى\nbad code!,X,Y\nE11,Diabetes\nJ06.9,Again,مرة\nK29,,التهاب\nL20,"open,ع');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.badRows).toBe(5);
    expect(result.errors.map((e) => [e.line, (e.message as { key: string }).key.split('.').pop()])).toEqual([
      [3, 'lineCode'], [4, 'lineColumns'], [5, 'lineRepeated'], [6, 'lineTitleEn'], [7, 'lineQuote'],
    ]);
    expect(result.errors[2]!.message).toEqual({ key: 'validation.diagnoses.lineRepeated', params: { line: 5, code: 'J06.9', first: 2 } });
  });

  it('refuses a file with no codes', () => {
    expect(parseCodeCsv('code,en,ar\n\n')).toEqual({ ok: false, errors: [], badRows: 0, fileError: 'validation.diagnoses.noRows' });
  });
});

describe('codeSearchText', () => {
  it('holds the code and both titles normalised, each word after a space, Arabic words also without the article', () => {
    expect(codeSearchText('J06.9', 'Acute URI', 'إلتهاب حادّ')).toBe(' j06.9 acute uri التهاب تهاب حاد');
    expect(codeSearchText('J02.9', 'Pharyngitis', 'التهاب البلعوم الحاد')).toBe(' j02.9 pharyngitis التهاب تهاب البلعوم بلعوم الحاد حاد');
  });
});

describe('withoutArticle', () => {
  it('drops the Arabic article from a word long enough to carry one, as the stored text also holds it', () => {
    expect(withoutArticle('البلعوم')).toBe('بلعوم');
    expect(withoutArticle('الم')).toBe('الم');
    expect(withoutArticle('asthma')).toBe('asthma');
  });
});
