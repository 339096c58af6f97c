import { useState } from 'react';
import { Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError } from '@/lib/notify';
import { useSetEmployeeStatus } from '../api/update-employee';

interface EmployeeStatusSwitchProps {
  id: string;
  name: string;
  isActive: boolean;
  /** The version of the employee the row shows: the change applies only if nobody changed the employee since. */
  version: number;
  /** One's own account cannot be deactivated (the server refuses too). */
  isSelf?: boolean;
  disabled?: boolean;
  /** Title of the error toast; the users list says 'Failed to update user status'. */
  failureMessage?: string;
}

/**
 * The status switch of a row: it moves at once, then asks for confirmation; on confirm the change is sent,
 * on cancel or failure it moves back (with an error toast). Disabled while saving.
 */
export function EmployeeStatusSwitch({ id, name, isActive, version, isSelf = false, disabled = false, failureMessage }: EmployeeStatusSwitchProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<boolean | null>(null);
  const status = useSetEmployeeStatus();
  const shown = pending ?? isActive;

  const confirm = () => {
    const next = pending;
    if (next === null) return;
    status.mutate(
      { id, isActive: next, version },
      {
        onSuccess: () => setPending(null),
        onError: (error) => {
          setPending(null);
          notifyError(error.message, failureMessage ?? t('people.status.failed'));
        },
      },
    );
  };

  const control = (
    <Switch
      checked={shown}
      onChange={(event) => setPending(event.currentTarget.checked)}
      disabled={disabled || isSelf || status.isPending}
      onLabel={t('people.status.on')}
      offLabel={t('people.status.off')}
      size="md"
      aria-label={t('people.status.toggle', { name })}
      data-testid={`status-switch-${id}`}
      onClick={(event) => event.stopPropagation()}
    />
  );

  return (
    <>
      {isSelf ? <Tooltip label={t('people.status.self')}><span>{control}</span></Tooltip> : control}
      <ConfirmDialog
        opened={pending !== null}
        title={t('people.status.confirmTitle')}
        text={pending ? t('people.status.confirmActivate', { name }) : t('people.status.confirmDeactivate', { name })}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        loading={status.isPending}
        confirmColor={pending ? undefined : 'red'}
      />
    </>
  );
}
