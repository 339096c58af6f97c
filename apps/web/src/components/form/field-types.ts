import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** Any form's control over values T, whatever its context and submitted (transformed) values. */
export type FormControl<T extends FieldValues> = Control<T, any, any>;

export interface Bound<T extends FieldValues> {
  control: FormControl<T>;
  name: FieldPath<T>;
  required?: boolean;
  testId?: string;
}
export type Own = 'value' | 'defaultValue' | 'onChange' | 'error' | 'name' | 'form' | 'withAsterisk';
