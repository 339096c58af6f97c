import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface DeleteRecordDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** The feature's delete mutation, and the record it deletes. */
  remove: { isPending: boolean; mutate: (id: string, options: { onSuccess: () => void; onSettled: () => void }) => void };
  id: string;
  /** Where to go once the record is gone (its list). */
  leaveTo: string;
  confirmLabel?: string;
}

/** Asks before deleting the record the page shows, then goes back to its list. */
export function DeleteRecordDialog({ opened, onClose, title, text, remove, id, leaveTo, confirmLabel }: DeleteRecordDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      text={text}
      confirmLabel={confirmLabel ?? t('organisation.actions.delete')}
      confirmColor="red"
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(id, { onSuccess: () => void navigate(leaveTo), onSettled: onClose })}
    />
  );
}
