import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { patientInput, type PatientData, type PatientDetails } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isApiError } from '@/lib/http';
import type { PatientImageChange } from '../api/patient-form-data';
import type { PatientFormValues } from './patient-form-values';
import { EmergencyContactsSection, InsurancesSection, PatientNotesSection } from './patient-list-sections';
import { PatientMedicalSection } from './patient-medical-section';
import { PatientMessagesSection } from './patient-messages-section';
import { PatientContactSection, PatientPersonalSection } from './patient-personal-sections';

interface PatientFormProps {
  mode: 'add' | 'edit';
  defaultValues: PatientFormValues;
  /** The saved picture when editing. */
  currentImage?: string | null;
  /** The WhatsApp consent on record when editing (its date and where it was given are shown). */
  consent?: PatientDetails['whatsappConsent'];
  /** Sends the validated form; a rejected promise with field errors puts them on the fields. */
  onSubmit: (values: PatientData, image: PatientImageChange) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The patient form (add and edit): identity, contact, messages (text channel, WhatsApp consent), medical information, emergency contacts, insurance
 * and a first note. Validated with the same schema the API uses.
 */
export function PatientForm({ mode, defaultValues, currentImage = null, consent = null, onSubmit, onCancel }: PatientFormProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<PatientImageChange>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string | null>(null);
  const { form, serverError, onSubmit: submit } = useSchemaForm<PatientFormValues, PatientData>({ schema: patientInput, defaultValues });
  const { control, formState } = form;

  return (
    <form
      onSubmit={submit(async (values) => {
        setImageError(null);
        try {
          await onSubmit(values, image);
        } catch (error) {
          // The picture is not a form field: its server message shows on the picture.
          if (isApiError(error) && error.fields?.image) setImageError(error.fields.image);
          throw error;
        }
      })}
      noValidate
      data-testid="patient-form"
    >
      <Stack gap="lg">
        <PatientPersonalSection control={control} mode={mode} currentImage={currentImage} image={image} onImageChange={setImage} imageError={imageError} />
        <PatientContactSection control={control} />
        <PatientMessagesSection control={control} consent={consent} />
        <PatientMedicalSection control={control} />
        <EmergencyContactsSection control={control} />
        <InsurancesSection control={control} />
        {mode === 'add' && <PatientNotesSection control={control} />}
        <FormMessage message={serverError} />
        <FormActions
          submitLabel={mode === 'add' ? t('patients.form.save') : t('patients.form.saveChanges')}
          cancelLabel={t('patients.form.cancel')}
          pending={formState.isSubmitting}
          onCancel={onCancel}
          submitTestId="patient-submit"
        />
      </Stack>
    </form>
  );
}
