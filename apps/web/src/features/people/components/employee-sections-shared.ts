import type { TFunction } from 'i18next';
import type { FormControl } from '@/components/form/fields';
import type { EmployeeFormValues } from './employee-form-values';

export interface EmployeeSectionProps {
  id: string;
  control: FormControl<EmployeeFormValues>;
}

/** An option list written in the interface language (`people.<group>.<value>`). */
export const optionsOf = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`people.${group}.${value}`, { defaultValue: value }) }));
