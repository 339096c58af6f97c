import type { TFunction } from 'i18next';
import type { FormControl } from '@/components/form/fields';
import type { UserFormValues } from './user-form-values';

export interface UserTabProps {
  control: FormControl<UserFormValues>;
  /** Editing: the account's identifiers are shown, not changed. */
  readOnly: boolean;
}

/** An option list written in the interface language (`people.<group>.<value>`). */
export const optionsOf = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`people.${group}.${value}`, { defaultValue: value }) }));

/** Read-only fields look filled. */
export const lockedProps = (readOnly: boolean) => ({ readOnly, variant: readOnly ? 'filled' : 'default' });
