import { appendField } from '@/lib/form-data';

/** Files sent with an employee form: new files, and removals of stored ones. */
export interface EmployeeFiles {
  /** The staff/doctor form's picture (`image`, 5 MB) or the user form's (`picture`, 10 MB). */
  image?: { file: File | null; remove: boolean; field?: 'image' | 'picture' };
  documents?: Partial<Record<'cv' | 'workPermit' | 'certifications' | 'employmentContract', { file: File | null; remove: boolean; effectiveDate: string | null }>>;
}

/** Fields the API also accepts as JSON text (the spec sends these so). */
const JSON_FIELDS = new Set(['workingHours', 'contactInfos']);

const append = (form: FormData, name: string, value: unknown) => appendField(form, name, value, true);

/**
 * An employee payload as the API's multipart body: working hours and contact infos as JSON text, other
 * lists and objects flattened as `name[i][key]`, files as file parts, removals as empty values.
 */
export function toEmployeeFormData(values: Record<string, unknown>, files: EmployeeFiles = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (JSON_FIELDS.has(key)) form.append(key, JSON.stringify(value));
    else if (Array.isArray(value) && value.length === 0 && ['breakTimes', 'vacationRecords'].includes(key)) form.append(key, '[]');
    else append(form, key, value);
  }
  const image = files.image;
  if (image?.file) form.append(image.field ?? 'image', image.file, image.file.name);
  else if (image?.remove) form.append('image', '');
  for (const [kind, doc] of Object.entries(files.documents ?? {})) {
    if (!doc) continue;
    if (doc.file) form.append(`documents[${kind}][file]`, doc.file, doc.file.name);
    else if (doc.remove) form.append(`documents[${kind}][file]`, '');
    form.append(`documents[${kind}][effectiveDate]`, doc.effectiveDate ?? '');
  }
  return form;
}
