import { SimpleGrid, TagsInput } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BLOOD_TYPES } from '@clinic/shared';
import { DateField, NumberField, RadioField, SelectField, TagsField, TextAreaField, TextField, type FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { translateMessage } from '@/lib/http';
import type { PatientFormValues } from './patient-form-values';

/** Keeps left-to-right text such as "A+" intact inside right-to-left sentences. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** Blood type, height, weight, smoking, history, medication, lifestyle, allergies and diseases. */
export function PatientMedicalSection({ control }: { control: FormControl<PatientFormValues> }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  return (
    <FormSection icon={<IconHeartbeat size={20} />} title={t('patients.form.sections.medical')} description={t('patients.form.sections.medicalHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
        <SelectField control={control} name="blood_type" label={label('bloodType')} required data={BLOOD_TYPES.map((value) => ({ value, label: ltr(value) }))} emptyValue={null} testId="patient-blood-type" />
        <NumberField control={control} name="height" label={label('height')} min={1} max={300} clampBehavior="none" allowDecimal decimalScale={1} />
        <NumberField control={control} name="weight" label={label('weight')} min={1} max={700} clampBehavior="none" allowDecimal decimalScale={1} />
        <RadioField control={control} name="Smoking" label={label('smoking')} required mt={10} data={[{ value: 'yes', label: label('smoker') }, { value: 'no', label: label('nonSmoker') }]} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DateField control={control} name="Surgical_History" label={label('surgicalHistory')} past defaultLevel="month" emptyValue={null} />
        <TextField control={control} name="Current_Medications" label={label('currentMedications')} placeholder={label('currentMedicationsPlaceholder')} maxLength={500} />
      </SimpleGrid>
      <TextAreaField control={control} name="lifestyleFactors" label={label('lifestyleFactors')} placeholder={label('lifestyleFactorsPlaceholder')} maxLength={500} maxRows={undefined} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" verticalSpacing="md">
        <TagsField control={control} name="allergies" label={label('allergies')} placeholder={label('allergiesPlaceholder')} maxTags={50} clearable testId="patient-allergies" />
        <Controller
          control={control}
          name="ChronicDiseases"
          render={({ field, fieldState }) => (
            // The schema holds objects; the field edits their names.
            <TagsInput
              label={label('chronicDiseases')}
              placeholder={label('chronicDiseasesPlaceholder')}
              maxTags={50}
              clearable
              value={field.value.map((d) => d.disease_name)}
              onChange={(names) => field.onChange(names.map((disease_name) => ({ disease_name })))}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={translateMessage(fieldState.error?.message ?? fieldState.error?.root?.message)}
            />
          )}
        />
        <TagsField control={control} name="familyMedicalHistory" label={label('familyHistory')} placeholder={label('familyHistoryPlaceholder')} maxTags={50} clearable />
      </SimpleGrid>
    </FormSection>
  );
}
