import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { PatientDeleteResult } from '@clinic/shared';
import { useDeletePatient } from '../api/delete-patient';

interface DeletePatientDialogProps {
  patient: { _id: string; name: string } | null;
  onClose: () => void;
  /** Called after the server answered: the patient was deleted, or deactivated because records exist. */
  onDone?: (outcome: PatientDeleteResult['outcome']) => void;
}

/** Asks before deleting; the server decides between deleting and deactivating, and the toast says which. */
export function DeletePatientDialog({ patient, onClose, onDone }: DeletePatientDialogProps) {
  const { t } = useTranslation();
  const remove = useDeletePatient();
  return (
    <ConfirmDialog
      opened={Boolean(patient)}
      title={t('patients.delete.title')}
      text={t('patients.delete.text', { name: patient?.name ?? '' })}
      confirmLabel={t('patients.delete.confirm')}
      confirmColor="red"
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!patient) return;
        remove.mutate(patient._id, {
          onSuccess: (result) => {
            onClose();
            onDone?.(result.data.outcome);
          },
          onError: onClose,
        });
      }}
    />
  );
}
