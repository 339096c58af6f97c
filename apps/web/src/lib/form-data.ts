/**
 * Appends a value to a multipart body the way the API reads nested fields: lists as `name[i]`, objects as
 * `name[key]`, anything else as text. `clearing`: an edit sends null, empty text and an empty list as an empty value so it can
 * clear the field; otherwise empty values are left out (the server treats them as not given).
 */
export function appendField(form: FormData, name: string, value: unknown, clearing: boolean): void {
  if (value === undefined) return;
  if (value === null || value === '') {
    if (clearing) form.append(name, '');
    return;
  }
  if (Array.isArray(value)) {
    if (clearing && value.length === 0) form.append(name, '');
    value.forEach((item, index) => appendField(form, `${name}[${index}]`, item, clearing));
    return;
  }
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) appendField(form, `${name}[${key}]`, inner, clearing);
    return;
  }
  form.append(name, String(value));
}
