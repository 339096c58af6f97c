import { z } from 'zod';

/*
 * A note template: sections of typed fields, each labelled in English and Arabic. A note is written against one
 * template and keeps a copy of it (its snapshot), so changing a template never changes a note already written.
 */

export const NOTE_FIELD_TYPES = ['text', 'number', 'choice', 'checklist', 'date', 'bodySide'] as const;
export type NoteFieldType = (typeof NOTE_FIELD_TYPES)[number];
/** The values of a body-side field. */
export const BODY_SIDES = ['left', 'right', 'both', 'midline'] as const;
export type BodySide = (typeof BODY_SIDES)[number];

export const NOTE_LIMITS = {
  sections: 20, fieldsPerSection: 40, options: 40, labelLength: 120, keyLength: 40, unitLength: 20,
  /** A text field's longest answer. */
  textLength: 20_000,
  /** A number field's bounds when the template sets none. */
  numberMin: -1_000_000, numberMax: 1_000_000,
} as const;

const KEY = /^[a-z][a-zA-Z0-9_]*$/;
const key = z.string({ error: 'validation.clinical.keyInvalid' }).max(NOTE_LIMITS.keyLength, { error: 'validation.clinical.keyInvalid' })
  .regex(KEY, { error: 'validation.clinical.keyInvalid' });
const labelText = z.string({ error: 'validation.clinical.labelRequired' }).trim().min(1, { error: 'validation.clinical.labelRequired' })
  .max(NOTE_LIMITS.labelLength, { error: 'validation.tooLong' });

/** A text shown in both languages. */
export const bilingualLabel = z.strictObject({ en: labelText, ar: labelText });
export type BilingualLabel = z.infer<typeof bilingualLabel>;

const bound = z.number({ error: 'validation.invalidValue' }).min(NOTE_LIMITS.numberMin, { error: 'validation.invalidValue' })
  .max(NOTE_LIMITS.numberMax, { error: 'validation.invalidValue' });

export const noteFieldOption = z.strictObject({ value: key, label: bilingualLabel });

export const noteField = z.strictObject({
  key,
  type: z.enum(NOTE_FIELD_TYPES, { error: 'validation.clinical.fieldTypeInvalid' }),
  label: bilingualLabel,
  /** Must be answered before the note is signed (a draft may leave it empty). */
  required: z.boolean().optional(),
  /** Text: a paragraph rather than one line. */
  multiline: z.boolean().optional(),
  /** Number: its unit (shown after the value) and bounds. */
  unit: z.string().trim().max(NOTE_LIMITS.unitLength, { error: 'validation.tooLong' }).optional(),
  min: bound.optional(),
  max: bound.optional(),
  /** Choice and checklist: the options. */
  options: z.array(noteFieldOption).max(NOTE_LIMITS.options, { error: 'validation.tooBig' }).optional(),
});
export type NoteField = z.infer<typeof noteField>;

export const noteSection = z.strictObject({
  key,
  label: bilingualLabel,
  fields: z.array(noteField).min(1, { error: 'validation.clinical.sectionEmpty' }).max(NOTE_LIMITS.fieldsPerSection, { error: 'validation.tooBig' }),
});
export type NoteSection = z.infer<typeof noteSection>;

/** The sections of a template, checked for what a form needs: unique keys, options where asked, sensible bounds. */
export const noteSections = z.array(noteSection).min(1, { error: 'validation.clinical.templateEmpty' })
  .max(NOTE_LIMITS.sections, { error: 'validation.tooBig' })
  .superRefine((sections, ctx) => {
    const sectionKeys = new Set<string>();
    const fieldKeys = new Set<string>();
    sections.forEach((s, i) => {
      if (sectionKeys.has(s.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'validation.clinical.keyDuplicate' });
      sectionKeys.add(s.key);
      s.fields.forEach((f, j) => {
        if (fieldKeys.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'fields', j, 'key'], message: 'validation.clinical.keyDuplicate' });
        fieldKeys.add(f.key);
        const choices = f.type === 'choice' || f.type === 'checklist';
        if (choices && !f.options?.length) ctx.addIssue({ code: 'custom', path: [i, 'fields', j, 'options'], message: 'validation.clinical.optionsRequired' });
        if (f.options && new Set(f.options.map((o) => o.value)).size !== f.options.length) {
          ctx.addIssue({ code: 'custom', path: [i, 'fields', j, 'options'], message: 'validation.clinical.keyDuplicate' });
        }
        if (f.min !== undefined && f.max !== undefined && f.min > f.max) ctx.addIssue({ code: 'custom', path: [i, 'fields', j, 'max'], message: 'validation.clinical.boundsOrder' });
      });
    });
  });

/** What a note keeps of the template it was written against. */
export const templateSnapshot = z.object({
  templateId: z.string().nullable(),
  name: z.object({ en: z.string(), ar: z.string() }),
  sections: z.array(noteSection),
});
export type TemplateSnapshot = z.infer<typeof templateSnapshot>;

/** One answer: text, number, choice, date and body side hold one value; a checklist holds the options ticked. */
export const noteValue = z.union([z.string().max(NOTE_LIMITS.textLength), z.number(), z.array(z.string().max(NOTE_LIMITS.keyLength)).max(NOTE_LIMITS.options), z.null()]);
export type NoteValue = z.infer<typeof noteValue>;
/** A note's content: the answer of each field, by the field's key. */
export const noteContent = z.record(key, noteValue, { error: 'validation.invalidValue' })
  .refine((c) => Object.keys(c).length <= NOTE_LIMITS.sections * NOTE_LIMITS.fieldsPerSection, { error: 'validation.tooBig' });
export type NoteContent = z.infer<typeof noteContent>;
