import { z } from 'zod';
import { prescriptionCreateInput, type Language } from '@clinic/shared';

export interface ItemValues {
  medication: string | null;
  dose: number | '';
  unit: string | null;
  route: string | null;
  frequency: string | null;
  durationDays: number | '';
  quantity: number | '';
  instructions: string;
}

export interface PrescriptionFormValues {
  clinic: string | null;
  language: Language | null;
  validDays: number | '';
  items: ItemValues[];
}

export const emptyItem = (): ItemValues => ({ medication: null, dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', durationDays: 5, quantity: 10, instructions: '' });

const filled = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== null));

/** The form's empty inputs ('' and null) are left out, as the API reads an absent field. */
export const formSchema = z.preprocess((values) => {
  const v = values as unknown as PrescriptionFormValues;
  return { ...filled({ clinic: v.clinic, language: v.language, validDays: v.validDays }), items: v.items.map((i) => filled({ ...i })) };
}, prescriptionCreateInput);
