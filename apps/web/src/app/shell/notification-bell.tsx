import { ActionIcon, Box, Divider, Popover, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

/** The notification centre. There is no notification feed yet, so it explains what will appear here. */
export function NotificationBell() {
  const { t } = useTranslation();
  const label = t('shell.header.notifications');
  return (
    <Popover position="bottom-end" width={320} withArrow arrowPosition="center">
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} data-testid="notifications">
            <IconBell size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text fw={600} size="sm" px="md" py="sm">
          {t('shell.notifications.title')}
        </Text>
        <Divider />
        <Box px="md">
          <EmptyState
            size="sm"
            icon={<IconBellOff stroke={1.6} />}
            title={t('shell.notifications.emptyTitle')}
            description={t('shell.notifications.emptyText')}
          />
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
