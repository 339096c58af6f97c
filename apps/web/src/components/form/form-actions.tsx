import type { ReactNode } from 'react';
import { Button, Card, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  submitLabel: string;
  /** The save is under way: Save spins, Cancel waits. */
  pending: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  submitTestId?: string;
  /** Stays in view at the bottom of a long form (default). */
  sticky?: boolean;
  /** Buttons between Cancel and Save (for example Previous and Next of a form in steps); they replace Save when given `replaceSubmit`. */
  children?: ReactNode;
  replaceSubmit?: boolean;
}

/** Cancel and Save at the end of a form, kept in view at the bottom of long forms. */
export function FormActions({ submitLabel, pending, onCancel, cancelLabel, submitTestId, sticky = true, children, replaceSubmit }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Card py="sm" px="md" style={sticky ? { position: 'sticky', bottom: 0, zIndex: 3 } : undefined} data-testid="form-actions">
      <Group justify={onCancel ? 'space-between' : 'flex-end'} gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {cancelLabel ?? t('common.actions.cancel')}
          </Button>
        )}
        <Group gap="sm">
          {children}
          {!replaceSubmit && (
            <Button key="save" type="submit" loading={pending} data-testid={submitTestId}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
