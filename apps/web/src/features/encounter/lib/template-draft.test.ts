import { describe, expect, it } from 'vitest';
import { noteTemplateCreateInput } from '@clinic/shared';
import { newSection, textToOptions, toDraft, toInput } from './template-draft';

describe('the template editor\'s draft', () => {
  it('reads options written one a line, Arabic falling back to English', () => {
    expect(textToOptions('mild | Mild | خفيف\n\n severe | Severe ')).toEqual([
      { value: 'mild', label: { en: 'Mild', ar: 'خفيف' } }, { value: 'severe', label: { en: 'Severe', ar: 'Severe' } },
    ]);
  });

  it('sends a body the API accepts, keeping only what each field type uses', () => {
    const draft = toDraft(null);
    draft.nameEn = 'Eye check';
    draft.nameAr = 'فحص العين';
    draft.sections = [{ ...newSection(1), label: { en: 'Eye', ar: 'العين' }, fields: [
      { key: 'pressure', type: 'number', unit: 'mmHg', min: 5, max: 60, multiline: true, label: { en: 'Pressure', ar: 'الضغط' }, optionsText: 'x | y | z' },
      { key: 'pain', type: 'choice', required: true, label: { en: 'Pain', ar: 'الألم' }, optionsText: 'none | None | لا يوجد' },
    ] }];
    const input = toInput(draft);
    expect(input.sections[0]!.fields).toEqual([
      { key: 'pressure', type: 'number', unit: 'mmHg', min: 5, max: 60, label: { en: 'Pressure', ar: 'الضغط' } },
      { key: 'pain', type: 'choice', required: true, label: { en: 'Pain', ar: 'الألم' }, options: [{ value: 'none', label: { en: 'None', ar: 'لا يوجد' } }] },
    ]);
    expect(noteTemplateCreateInput.safeParse(input).success).toBe(true);
  });
});
