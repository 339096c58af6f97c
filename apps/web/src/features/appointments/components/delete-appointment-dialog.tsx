import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteAppointment } from '../api/delete-appointment';

export interface DeleteAppointmentDialogProps {
  /** The appointment to delete; null: the dialog is closed. */
  appointmentId: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting an appointment; closes when the request ends, either way. */
export function DeleteAppointmentDialog({ appointmentId, onClose, onDeleted }: DeleteAppointmentDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAppointment();
  return (
    <ConfirmDialog
      opened={appointmentId !== null}
      title={t('appointments.delete.title')}
      text={t('appointments.delete.text')}
      confirmLabel={t('appointments.delete.confirm')}
      cancelLabel={t('common.actions.cancel')}
      confirmColor="red"
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        appointmentId &&
        remove.mutate(appointmentId, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
          onError: onClose,
        })
      }
    />
  );
}
