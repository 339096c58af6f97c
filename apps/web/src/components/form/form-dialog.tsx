import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from './form-message';

export interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The form's submit handler (for example `onSubmit(send)` of `useSchemaForm`). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's message when the request was refused, shown above the buttons. */
  serverError: string | null | undefined;
  serverErrorTestId?: string;
  submitLabel: ReactNode;
  submitColor?: string;
  pending: boolean;
  'data-testid': string;
  submitTestId: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** A small form in a dialog: its fields, the server's message, then Cancel and the submit button. */
export function FormDialog({ opened, onClose, title, size, ...body }: FormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <FormDialogBody {...body} onCancel={onClose} />
    </Modal>
  );
}

export type FormDialogBodyProps = Omit<FormDialogProps, 'opened' | 'onClose' | 'title' | 'size'> & { onCancel: () => void };

/** The form of a dialog, for a dialog that shows something else too (for example the result once it is sent). */
export function FormDialogBody({ onCancel, onSubmit, serverError, serverErrorTestId, submitLabel, submitColor, pending, submitTestId, children, ...rest }: FormDialogBodyProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate data-testid={rest['data-testid']}>
      <Stack gap="sm">
        {children}
        <FormMessage message={serverError} testId={serverErrorTestId} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>{t('common.actions.cancel')}</Button>
          <Button type="submit" color={submitColor} loading={pending} data-testid={submitTestId}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
