import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@clinic/shared';

export const STATUS_COLORS: Record<AppointmentStatus, string> = {
  requested: 'orange', scheduled: 'clinic', arrived: 'yellow', in_consultation: 'grape', completed: 'teal', no_show: 'gray', cancelled: 'red',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" data-status={status} data-testid="appointment-status">
      {t(`appointments.status.${status}`)}
    </Badge>
  );
}
