import { Button, type ButtonProps } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTicketActions } from '../hooks/use-ticket-actions';

interface CallNextButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  clinicId: string;
  /** The doctor whose next patient is called; none: the clinic's next. */
  doctorId?: string;
  /** The longer "Call next patient" (the encounter), else "Call next". */
  long?: boolean;
  testId?: string;
}

/**
 * Calls the next patient in the waiting room's order (urgent, elderly, then by check-in): the display shows and
 * announces the number, and the toast says who it is.
 */
export function CallNextButton({ clinicId, doctorId, long = false, testId = 'call-next', ...props }: CallNextButtonProps) {
  const { t } = useTranslation();
  const { next } = useTicketActions();
  return (
    <Button
      leftSection={<IconSpeakerphone size={16} />}
      loading={next.isPending}
      onClick={() => next.mutate({ clinic: clinicId, doctor: doctorId })}
      data-testid={testId}
      {...props}
    >
      {t(long ? 'waitingRoom.actions.callNextPatient' : 'waitingRoom.actions.callNext')}
    </Button>
  );
}
