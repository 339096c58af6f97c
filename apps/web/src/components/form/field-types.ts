import type { Control, ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { translateMessage } from '@/lib/http';

/** Any form's control over values T, whatever its context and submitted (transformed) values. */
export type FormControl<T extends FieldValues> = Control<T, any, any>;

export interface Bound<T extends FieldValues> {
  control: FormControl<T>;
  name: FieldPath<T>;
  required?: boolean;
  testId?: string;
}
export type Own = 'value' | 'defaultValue' | 'onChange' | 'error' | 'name' | 'form' | 'withAsterisk';

interface RenderState {
  field: ControllerRenderProps<any, any>;
  fieldState: ControllerFieldState;
}

/** What every bound input passes on: blur, name, focus target, the translated message (a list's own on `root`) and the test id. */
export function boundProps({ field, fieldState }: RenderState, testId: string | undefined, required?: boolean) {
  return {
    withAsterisk: required,
    onBlur: field.onBlur,
    name: field.name,
    ref: field.ref,
    error: translateMessage(fieldState.error?.message ?? fieldState.error?.root?.message),
    'data-testid': testId,
  };
}
