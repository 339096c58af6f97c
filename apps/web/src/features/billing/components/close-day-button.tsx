import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CashBoxClose } from '@clinic/shared';
import { formatTime } from '@/lib/dates';
import { zReportPath } from '../api/cash-boxes';
import { closerName } from './cash-box-label';

/**
 * "Close the day", or once the box's current day is closed, the button disabled with when and by whom, and its
 * day-close report to print.
 */
export function CloseDayButton({ boxId, closedToday, loading, onClose }: { boxId: string; closedToday: CashBoxClose | null; loading: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  if (!closedToday) {
    return <Button leftSection={<IconLock size={16} />} onClick={onClose} disabled={loading} data-testid="cash-box-close">{t('finance.cashBoxes.close')}</Button>;
  }
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button component={Link} to={zReportPath(boxId, closedToday._id)} variant="default" leftSection={<IconPrinter size={16} />} data-testid="cash-box-z-report">
          {t('finance.cashBoxes.zReport')}
        </Button>
        <Button leftSection={<IconLock size={16} />} disabled data-testid="cash-box-close">{t('finance.cashBoxes.close')}</Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="cash-box-closed-at">
        {t('finance.cashBoxes.closedAt', { time: formatTime(new Date(closedToday.closedAt), i18n.language), name: closerName(closedToday.closedBy, t) })}
      </Text>
    </Stack>
  );
}
