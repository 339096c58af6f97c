import { isCalendarDate } from '../schemas/dates.js';
import { BODY_SIDES, NOTE_LIMITS, type NoteContent, type NoteField, type NoteSection, type TemplateSnapshot } from '../schemas/note-template.js';

/** The template every note falls back to when none is set for the service or the speciality: SOAP. */
export const SOAP_TEMPLATE: TemplateSnapshot = {
  templateId: null,
  name: { en: 'SOAP note', ar: 'ملاحظة SOAP' },
  sections: [
    {
      key: 'subjective', label: { en: 'Subjective', ar: 'الشكوى والتاريخ' },
      fields: [
        { key: 'complaint', type: 'text', label: { en: 'Chief complaint', ar: 'الشكوى الرئيسية' }, required: true },
        { key: 'history', type: 'text', multiline: true, label: { en: 'History of present illness', ar: 'تاريخ المرض الحالي' } },
      ],
    },
    {
      key: 'objective', label: { en: 'Objective', ar: 'الفحص' },
      fields: [{ key: 'examination', type: 'text', multiline: true, label: { en: 'Examination', ar: 'الفحص السريري' } }],
    },
    {
      key: 'assessment', label: { en: 'Assessment', ar: 'التقييم' },
      fields: [{ key: 'assessment', type: 'text', multiline: true, label: { en: 'Assessment', ar: 'التقييم' }, required: true }],
    },
    {
      key: 'plan', label: { en: 'Plan', ar: 'الخطة' },
      fields: [
        { key: 'plan', type: 'text', multiline: true, label: { en: 'Plan', ar: 'الخطة العلاجية' } },
        { key: 'followUp', type: 'date', label: { en: 'Follow-up on', ar: 'موعد المتابعة' } },
      ],
    },
  ],
};

/** True when a field has no answer (nothing typed, nothing chosen, nothing ticked). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function fieldProblem(field: NoteField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return 'validation.clinical.textExpected';
      return value.length > NOTE_LIMITS.textLength ? 'validation.tooLong' : null;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'validation.clinical.numberExpected';
      const min = field.min ?? NOTE_LIMITS.numberMin;
      const max = field.max ?? NOTE_LIMITS.numberMax;
      return value < min || value > max ? 'validation.clinical.numberRange' : null;
    }
    case 'choice':
      return typeof value === 'string' && field.options?.some((o) => o.value === value) ? null : 'validation.clinical.choiceInvalid';
    case 'checklist':
      return Array.isArray(value) && value.every((v) => field.options?.some((o) => o.value === v)) && new Set(value).size === value.length
        ? null : 'validation.clinical.choiceInvalid';
    case 'date':
      return isCalendarDate(value) ? null : 'validation.clinical.dateInvalid';
    case 'bodySide':
      return typeof value === 'string' && (BODY_SIDES as readonly string[]).includes(value) ? null : 'validation.clinical.bodySideInvalid';
  }
}

export interface NoteProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * What is wrong with a note's content against the template it is written on, by field key (empty when nothing
 * is): an answer of the wrong type or outside its bounds or options, an answer to no field of the template, and
 * (`forSigning`) a required field left blank. A draft may leave any field blank.
 */
export function noteContentProblems(sections: readonly NoteSection[], content: NoteContent, opts: { forSigning?: boolean } = {}): Record<string, NoteProblem> {
  const problems: Record<string, NoteProblem> = {};
  const fields = new Map(sections.flatMap((s) => s.fields.map((f) => [f.key, f] as const)));
  for (const key of Object.keys(content)) {
    if (!fields.has(key)) problems[key] = { key: 'validation.clinical.unknownField' };
  }
  for (const [key, field] of fields) {
    const value = content[key];
    if (isBlank(value)) {
      if (opts.forSigning && field.required) problems[key] = { key: 'validation.clinical.fieldRequired' };
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem === 'validation.clinical.numberRange') {
      problems[key] = { key: problem, params: { min: field.min ?? NOTE_LIMITS.numberMin, max: field.max ?? NOTE_LIMITS.numberMax } };
    } else if (problem) {
      problems[key] = { key: problem };
    }
  }
  return problems;
}

export interface TemplateCandidate {
  id: string;
  serviceId: string | null;
  specializationId: string | null;
  isActive: boolean;
}

/**
 * The template a new note is written on: an active template of the visit's service first, then one of the
 * doctor's (or the service's) specialities in the order given, else null (the built-in SOAP template).
 * Among several of one kind the first listed wins (callers list the most recently changed first).
 */
export function chooseTemplate<T extends TemplateCandidate>(templates: readonly T[], visit: { serviceId: string | null; specializationIds: readonly string[] }): T | null {
  const active = templates.filter((t) => t.isActive);
  const byService = visit.serviceId ? active.find((t) => t.serviceId === visit.serviceId) : undefined;
  if (byService) return byService;
  for (const s of visit.specializationIds) {
    const bySpeciality = active.find((t) => t.serviceId === null && t.specializationId === s);
    if (bySpeciality) return bySpeciality;
  }
  return null;
}
