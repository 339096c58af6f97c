import type { PatientData } from '@clinic/shared';
import { appendField } from '@/lib/form-data';

/** The picture chosen in the form: a new file, or a request to remove the current one. */
export interface PatientImageChange {
  file: File | null;
  remove: boolean;
}

const append = (form: FormData, name: string, value: unknown) => appendField(form, name, value, false);

/**
 * The validated form as the API's multipart body: lists and rows flattened as `name[i][key]`, the picture
 * as the `image` file part. Empty values are left out (the server treats them as not given).
 */
export function toPatientFormData(values: PatientData, image: PatientImageChange): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'image' || key === 'removeImage') continue;
    append(form, key, value);
  }
  if (image.file) form.append('image', image.file, image.file.name);
  else if (image.remove) form.append('removeImage', 'true');
  return form;
}
