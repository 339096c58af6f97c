import type { NoteField, NoteSection, NoteTemplateRecord } from '@clinic/shared';

/** A template as its editor holds it: options as text lines (`value | English | Arabic`). */
export interface FieldDraft extends Omit<NoteField, 'options'> { optionsText: string }
export interface SectionDraft extends Omit<NoteSection, 'fields'> { fields: FieldDraft[] }
export interface TemplateDraft {
  nameEn: string;
  nameAr: string;
  service: string | null;
  specialization: string | null;
  isActive: boolean;
  sections: SectionDraft[];
}

export const optionsToText = (options: NoteField['options']) => (options ?? []).map((o) => `${o.value} | ${o.label.en} | ${o.label.ar}`).join('\n');

export function textToOptions(text: string): NonNullable<NoteField['options']> {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const [value = '', en = '', ar = ''] = line.split('|').map((p) => p.trim());
    return { value, label: { en: en || value, ar: ar || en || value } };
  });
}

export const newField = (n: number): FieldDraft => ({ key: `field${n}`, type: 'text', label: { en: '', ar: '' }, optionsText: '' });
export const newSection = (n: number): SectionDraft => ({ key: `section${n}`, label: { en: '', ar: '' }, fields: [newField(1)] });

export function toDraft(t: NoteTemplateRecord | null): TemplateDraft {
  if (!t) return { nameEn: '', nameAr: '', service: null, specialization: null, isActive: true, sections: [newSection(1)] };
  return {
    nameEn: t.name.en, nameAr: t.name.ar, service: t.service?._id ?? null, specialization: t.specialization?._id ?? null, isActive: t.isActive,
    sections: t.sections.map((s) => ({ ...s, fields: s.fields.map(({ options, ...f }) => ({ ...f, optionsText: optionsToText(options) })) })),
  };
}

/** The body the API takes: options only for choices and checklists, a unit and bounds only for numbers. */
export function toInput(d: TemplateDraft) {
  return {
    name: { en: d.nameEn, ar: d.nameAr },
    service: d.service,
    specialization: d.specialization,
    isActive: d.isActive,
    sections: d.sections.map((s) => ({
      key: s.key, label: s.label,
      fields: s.fields.map(({ optionsText, ...f }) => {
        const field: NoteField = { key: f.key, type: f.type, label: f.label };
        if (f.required) field.required = true;
        if (f.type === 'text' && f.multiline) field.multiline = true;
        if (f.type === 'number') Object.assign(field, f.unit ? { unit: f.unit } : {}, f.min !== undefined ? { min: f.min } : {}, f.max !== undefined ? { max: f.max } : {});
        if (f.type === 'choice' || f.type === 'checklist') field.options = textToOptions(optionsText);
        return field;
      }),
    })),
  };
}
