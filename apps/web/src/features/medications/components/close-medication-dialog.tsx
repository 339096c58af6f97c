import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PatientMedicationRecord } from '@clinic/shared';
import { TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCloseMedication } from '../api/patient-medications';

export type CloseAction = 'stop' | 'complete';

const reasonRequired = z.object({ reason: z.string().trim().min(1, { error: 'validation.medications.reasonRequired' }).max(500, { error: 'validation.tooLong' }) });
const reasonOptional = z.object({ reason: z.string().trim().max(500, { error: 'validation.tooLong' }) });

/** Stops a medication (the reason is required) or marks it completed (a reason may be given). */
export function CloseMedicationDialog({ patientId, entry, action, onClose }: { patientId: string; entry: PatientMedicationRecord | null; action: CloseAction; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCloseMedication(patientId);
  const { form, serverError, onSubmit } = useSchemaForm<{ reason: string }>({ schema: action === 'stop' ? reasonRequired : reasonOptional, defaultValues: { reason: '' } });
  const done = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const send = async ({ reason }: { reason: string }) => {
    if (!entry) return;
    await close.mutateAsync({ id: entry._id, action, reason, version: entry.version });
    done();
  };
  return (
    <FormDialog
      opened={entry !== null}
      onClose={done}
      title={t(`medicines.close.${action}Title`)}
      data-testid="medication-close-form"
      onSubmit={(event) => void onSubmit(send)(event)}
      serverError={serverError}
      submitLabel={t(`medicines.close.${action}`)}
      submitColor={action === 'stop' ? 'red' : undefined}
      pending={form.formState.isSubmitting}
      submitTestId="medication-close-submit"
    >
      <Text size="sm" fw={600}>{entry ? [entry.name, entry.strength].filter(Boolean).join(' ') : ''}</Text>
      <TextAreaField control={form.control} name="reason" label={t('medicines.close.reason')} required={action === 'stop'} maxLength={500} data-autofocus testId="medication-close-reason" />
    </FormDialog>
  );
}
