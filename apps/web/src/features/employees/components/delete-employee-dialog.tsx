import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteEmployee } from '../api/delete-employee';

interface DeleteEmployeeDialogProps {
  target: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
  /** The text of the question (users: 'Are you sure you want to delete this User? ...'). */
  text?: string;
}

/** Confirms and deletes an employee; the server's refusal (appointments, own account) shows as a toast. */
export function DeleteEmployeeDialog({ target, onClose, onDeleted, text }: DeleteEmployeeDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteEmployee();
  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('people.delete.title')}
      text={text ?? t('people.delete.text', { name: target?.name ?? '' })}
      confirmLabel={t('people.actions.delete')}
      confirmColor="red"
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!target) return;
        remove.mutate(target.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
          onError: onClose,
        });
      }}
    />
  );
}
