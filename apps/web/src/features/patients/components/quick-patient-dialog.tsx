import { useState } from 'react';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATIENT_GENDERS, PATIENT_NAME_MAX, quickPatientInput, type PatientDetails, type QuickPatientData } from '@clinic/shared';
import { DateField, PhoneField, SelectField, TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isError } from '@/lib/http';
import { useCreateQuickPatient } from '../api/create-quick-patient';
import { useOptions } from './patient-personal-sections';

interface QuickPatientForm {
  name: string;
  phone: string;
  dateOfBirth: string | null;
  gender: string | null;
}

interface QuickPatientDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Told the new patient once it is registered (the dialog then closes). */
  onCreated: (patient: PatientDetails) => void;
  /** What the user had typed (for example in the booking form's patient search), to start the name with. */
  initialName?: string;
}

/**
 * Quick registration of a walk-in: name, mobile, date of birth and sex. A patient already registered with the same
 * mobile and date of birth is refused, with a link to that patient.
 */
export function QuickPatientDialog({ opened, onClose, onCreated, initialName = '' }: QuickPatientDialogProps) {
  const { t } = useTranslation();
  const options = useOptions();
  const label = (key: string) => t(`patients.quick.${key}`);
  const create = useCreateQuickPatient();
  const [existing, setExisting] = useState<{ id: string; publicId: string } | null>(null);
  const { form, serverError, onSubmit, applyServerError } = useSchemaForm<QuickPatientForm, QuickPatientData>({
    schema: quickPatientInput,
    defaultValues: { name: initialName, phone: '', dateOfBirth: null, gender: null },
  });
  const close = () => {
    form.reset({ name: '', phone: '', dateOfBirth: null, gender: null });
    setExisting(null);
    onClose();
  };
  const send = async (values: QuickPatientData) => {
    setExisting(null);
    try {
      const result = await create.mutateAsync(values);
      onCreated(result.data);
      close();
    } catch (error) {
      const data = isError(error, 'DUPLICATE_PATIENT') ? error.data : undefined;
      if (data?.patientId) setExisting({ id: data.patientId, publicId: data.publicId ?? '' });
      applyServerError(error);
    }
  };
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={label('title')}
      data-testid="quick-patient-form"
      onSubmit={(event) => {
        // The dialog may open from another form (the booking form): its submit must not reach that form.
        event.stopPropagation();
        void onSubmit(send)(event);
      }}
      serverError={serverError}
      submitLabel={label('submit')}
      pending={form.formState.isSubmitting}
      submitTestId="quick-patient-submit"
    >
      <Text size="sm" c="dimmed">{label('hint')}</Text>
      <TextField control={form.control} name="name" label={label('name')} placeholder={label('namePlaceholder')} required maxLength={PATIENT_NAME_MAX + 10} autoComplete="off" data-autofocus testId="quick-patient-name" />
      <PhoneField control={form.control} name="phone" label={label('phone')} placeholder={label('phonePlaceholder')} required maxLength={25} testId="quick-patient-phone" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField control={form.control} name="dateOfBirth" label={label('dateOfBirth')} placeholder={label('dateOfBirthPlaceholder')} required past emptyValue={null} testId="quick-patient-dob" />
        <SelectField control={form.control} name="gender" label={label('gender')} required data={options(PATIENT_GENDERS, 'patients.genders')} emptyValue={null} testId="quick-patient-gender" />
      </SimpleGrid>
      {existing && (
        <Anchor component={Link} to={`/patients/details/${existing.id}`} size="sm" data-testid="quick-patient-existing">
          {t('patients.quick.openExisting', { publicId: existing.publicId })}
        </Anchor>
      )}
    </FormDialog>
  );
}
