import { useTranslation } from 'react-i18next';
import { prescriptionCancelInput, type Prescription } from '@clinic/shared';
import { TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCancelPrescription } from '../api/prescriptions';

/** Cancels an issued prescription with a reason; the verification page then says "cancelled". */
export function CancelPrescriptionDialog({ prescription, onClose }: { prescription: Prescription; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelPrescription();
  const { form, serverError, onSubmit } = useSchemaForm<{ reason: string; version: number }, { reason: string; version: number }>({
    schema: prescriptionCancelInput, defaultValues: { reason: '', version: prescription.version },
  });
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={t('prescriptions.cancel.title', { number: prescription.number })}
      data-testid="rx-cancel-form"
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(async (values) => {
          await cancel.mutateAsync({ id: prescription._id, ...values });
          onClose();
        })(event);
      }}
      serverError={serverError}
      submitLabel={t('prescriptions.cancel.submit')}
      submitColor="red"
      pending={form.formState.isSubmitting}
      submitTestId="rx-cancel-submit"
    >
      <TextAreaField control={form.control} name="reason" label={t('prescriptions.cancel.reason')} required maxLength={500} testId="rx-cancel-reason" />
    </FormDialog>
  );
}
