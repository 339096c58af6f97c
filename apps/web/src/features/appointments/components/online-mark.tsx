import { Badge, Tooltip } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The small globe of an appointment the patient booked on the public booking page. */
export function OnlineMark({ size = 14 }: { size?: number }) {
  const { t } = useTranslation();
  const label = t('appointments.online.bookedOnline');
  return (
    <Tooltip label={label}>
      <IconWorld size={size} aria-label={label} role="img" data-testid="online-mark" style={{ flexShrink: 0, color: 'var(--mantine-color-blue-filled)' }} />
    </Tooltip>
  );
}

/** "Awaiting acceptance": a booking requested online, until the desk accepts or declines it. */
export function AwaitingBadge() {
  const { t } = useTranslation();
  return <Badge size="xs" variant="outline" color="orange" style={{ borderStyle: 'dashed', flexShrink: 0 }} data-testid="awaiting-badge">{t('appointments.online.awaiting')}</Badge>;
}
