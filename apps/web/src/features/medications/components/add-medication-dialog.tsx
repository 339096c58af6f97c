import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MEDICATION_TEXT_MAX, patientMedicationInput, type PatientMedicationCreate } from '@clinic/shared';
import { DateField, NumberField, SelectField, TextAreaField, TextField, todayIso } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useAddPatientMedication } from '../api/patient-medications';
import { DrugPicker } from './drug-picker';
import { useMedicationOptions } from './medication-options';

interface MedicationForm {
  medication: string | null;
  name: string;
  dose: number | '';
  unit: string | null;
  route: string | null;
  frequency: string | null;
  startDate: string | null;
  endDate: string | null;
  notes: string;
}

/** The form's empty inputs ('' and null) are left out, as the API reads an absent field. */
const formSchema = z.preprocess(
  (values) => Object.fromEntries(Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== '' && v !== null)),
  patientMedicationInput,
);

const empty = (): MedicationForm => ({
  medication: null, name: '', dose: '', unit: null, route: 'oral', frequency: null, startDate: todayIso(), endDate: null, notes: '',
});

/** Adds a medication the patient takes: a drug of the catalogue or a name written by hand, dose, route, frequency, dates. */
export function AddMedicationDialog({ patientId, encounterId, opened, onClose }: { patientId: string; encounterId?: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMedicationOptions();
  const add = useAddPatientMedication(patientId);
  const label = (key: string) => t(`medicines.form.${key}`);
  const { form, serverError, onSubmit } = useSchemaForm<MedicationForm, PatientMedicationCreate>({ schema: formSchema, defaultValues: empty() });
  const close = () => {
    form.reset(empty());
    onClose();
  };
  const send = async (values: PatientMedicationCreate) => {
    await add.mutateAsync({ ...values, ...(encounterId ? { encounter: encounterId } : {}) });
    close();
  };
  const drugChosen = Boolean(form.watch('medication'));
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={label('title')}
      size="lg"
      data-testid="medication-form"
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(send)(event);
      }}
      serverError={serverError}
      submitLabel={label('submit')}
      pending={form.formState.isSubmitting}
      submitTestId="medication-submit"
    >
      <DrugPicker control={form.control} name="medication" label={label('drug')} onDrug={(drug) => drug && form.setValue('name', '')} />
      {!drugChosen && (
        <TextField control={form.control} name="name" label={label('name')} description={label('nameHint')} maxLength={MEDICATION_TEXT_MAX} testId="medication-name" />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberField control={form.control} name="dose" label={label('dose')} allowDecimal decimalScale={3} min={0} testId="medication-dose" />
        <SelectField control={form.control} name="unit" label={label('unit')} data={options.units} emptyValue={null} searchable testId="medication-unit" />
        <SelectField control={form.control} name="frequency" label={label('frequency')} data={options.frequencies} emptyValue={null} required searchable testId="medication-frequency" />
        <SelectField control={form.control} name="route" label={label('route')} data={options.routes} emptyValue={null} required testId="medication-route" />
        <DateField control={form.control} name="startDate" label={label('start')} emptyValue={null} testId="medication-start" />
        <DateField control={form.control} name="endDate" label={label('end')} emptyValue={null} testId="medication-end" />
      </SimpleGrid>
      <TextAreaField control={form.control} name="notes" label={label('notes')} maxLength={500} testId="medication-notes" />
      {encounterId && <Text size="xs" c="dimmed">{label('inThisVisit')}</Text>}
    </FormDialog>
  );
}
