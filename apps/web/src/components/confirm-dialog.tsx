import type { ReactNode, RefObject } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  text: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Shows a spinner on Confirm and keeps the dialog from closing while the action runs. */
  loading?: boolean;
  /** Colour of the confirm button, for example `red` for deletions. */
  confirmColor?: string;
  /**
   * Where the focus goes when the dialog closes, for a dialog opened from something that is gone by then (a menu's
   * entry); otherwise it goes back to what had it before.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A 400px confirmation dialog that locks page scroll while open. */
export function ConfirmDialog({
  opened,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  loading = false,
  confirmColor,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={<Text fw={600}>{title}</Text>}
      size={400}
      lockScroll
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
    >
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel ?? t('common.actions.cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel ?? t('common.actions.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
