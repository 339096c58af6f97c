import { describe, expect, it } from 'vitest';
import { noteSections, type NoteSection } from '../schemas/note-template.js';
import { chooseTemplate, noteContentProblems, SOAP_TEMPLATE } from './note-template.js';

const label = (en: string) => ({ en, ar: `ع ${en}` });
const sections: NoteSection[] = [{
  key: 'exam', label: label('Exam'),
  fields: [
    { key: 'complaint', type: 'text', label: label('Complaint'), required: true },
    { key: 'temp', type: 'number', unit: '°C', min: 30, max: 45, label: label('Temperature') },
    { key: 'severity', type: 'choice', label: label('Severity'), options: [{ value: 'mild', label: label('Mild') }, { value: 'severe', label: label('Severe') }] },
    { key: 'symptoms', type: 'checklist', label: label('Symptoms'), options: [{ value: 'cough', label: label('Cough') }, { value: 'fever', label: label('Fever') }] },
    { key: 'onset', type: 'date', label: label('Onset') },
    { key: 'side', type: 'bodySide', label: label('Side'), required: true },
  ],
}];

describe('noteContentProblems', () => {
  it('accepts a draft with blanks and well-typed answers', () => {
    expect(noteContentProblems(sections, { temp: 38.5, severity: 'mild', symptoms: ['cough', 'fever'], onset: '2026-03-01', complaint: '' })).toEqual({});
  });

  it('names each wrong answer by its field', () => {
    expect(noteContentProblems(sections, {
      complaint: 12, temp: 50, severity: 'moderate', symptoms: ['cough', 'cough'], onset: '2026-02-30', side: 'top', extra: 'x',
    } as never)).toEqual({
      complaint: { key: 'validation.clinical.textExpected' },
      temp: { key: 'validation.clinical.numberRange', params: { min: 30, max: 45 } },
      severity: { key: 'validation.clinical.choiceInvalid' },
      symptoms: { key: 'validation.clinical.choiceInvalid' },
      onset: { key: 'validation.clinical.dateInvalid' },
      side: { key: 'validation.clinical.bodySideInvalid' },
      extra: { key: 'validation.clinical.unknownField' },
    });
  });

  it('asks for the required fields only when signing', () => {
    expect(noteContentProblems(sections, { complaint: '  ' })).toEqual({});
    expect(noteContentProblems(sections, { complaint: '  ' }, { forSigning: true })).toEqual({
      complaint: { key: 'validation.clinical.fieldRequired' }, side: { key: 'validation.clinical.fieldRequired' },
    });
    expect(noteContentProblems(sections, { complaint: 'Cough', side: 'left' }, { forSigning: true })).toEqual({});
  });

  it('signs a SOAP note once its complaint and assessment are written', () => {
    expect(Object.keys(noteContentProblems(SOAP_TEMPLATE.sections, {}, { forSigning: true }))).toEqual(['complaint', 'assessment']);
    expect(noteContentProblems(SOAP_TEMPLATE.sections, { complaint: 'Headache', assessment: 'Tension headache' }, { forSigning: true })).toEqual({});
  });
});

describe('noteSections', () => {
  it('accepts the built-in SOAP template and refuses duplicate keys, missing options and reversed bounds', () => {
    expect(noteSections.safeParse(SOAP_TEMPLATE.sections).success).toBe(true);
    const bad = noteSections.safeParse([
      { key: 'a', label: label('A'), fields: [{ key: 'x', type: 'choice', label: label('X') }, { key: 'y', type: 'number', min: 5, max: 1, label: label('Y') }] },
      { key: 'a', label: label('B'), fields: [{ key: 'x', type: 'text', label: label('X') }] },
    ]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.fields.0.options', 'validation.clinical.optionsRequired'],
      ['0.fields.1.max', 'validation.clinical.boundsOrder'],
      ['1.key', 'validation.clinical.keyDuplicate'],
      ['1.fields.0.key', 'validation.clinical.keyDuplicate'],
    ]);
    expect(noteSections.safeParse([{ key: 'a', label: { en: 'A', ar: '' }, fields: [] }]).success).toBe(false);
  });
});

describe('chooseTemplate', () => {
  const t = (id: string, serviceId: string | null, specializationId: string | null, isActive = true) => ({ id, serviceId, specializationId, isActive });
  const templates = [t('svc-off', 'svc', null, false), t('spec2', null, 'cardio'), t('spec1', null, 'peds'), t('svc', 'svc', null)];

  it('takes the service\'s template first, then the speciality\'s in order, else none (SOAP)', () => {
    expect(chooseTemplate(templates, { serviceId: 'svc', specializationIds: ['peds'] })?.id).toBe('svc');
    expect(chooseTemplate(templates, { serviceId: 'other', specializationIds: ['peds', 'cardio'] })?.id).toBe('spec1');
    expect(chooseTemplate(templates, { serviceId: null, specializationIds: ['derm'] })).toBeNull();
    expect(chooseTemplate([t('off', 'svc', null, false)], { serviceId: 'svc', specializationIds: [] })).toBeNull();
  });
});
