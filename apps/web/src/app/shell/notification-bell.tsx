import { ActionIcon, Box, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationRecord } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '@/features/notifications';
import { localeOf } from '@/lib/dates';

function when(createdAt: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? localeOf(lang) : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(createdAt));
}

/** The notification centre: unread count, the latest notifications, mark read (one or all); each opens its record. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const label = count ? t('shell.notifications.unreadLabel', { count }) : t('shell.header.notifications');

  const open = (n: NotificationRecord) => {
    if (!n.read) markRead.mutate(n._id);
    setOpened(false);
    if (n.link) void navigate(n.link);
  };

  return (
    <Popover position="bottom-end" width={340} withArrow arrowPosition="center" opened={opened} onChange={setOpened}>
      <Popover.Target>
        {/* Hidden while the list is open: it would lie over the list's "Mark all as read". */}
        <Tooltip label={label} disabled={opened}>
          <Indicator label={count > 99 ? '99+' : count} size={16} disabled={!count} color="red" offset={4} data-testid="notifications-count">
            <ActionIcon variant="default" size="lg" aria-label={label} data-testid="notifications" onClick={() => setOpened((o) => !o)}>
              <IconBell size={18} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={600} size="sm">{t('shell.notifications.title')}</Text>
          <Button variant="subtle" size="compact-xs" disabled={!count} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notifications-read-all">
            {t('shell.notifications.markAll')}
          </Button>
        </Group>
        <Divider />
        {list.isLoading ? (
          <Group justify="center" p="md"><Loader size="sm" /></Group>
        ) : list.data?.length ? (
          <ScrollArea.Autosize mah={380}>
            <Stack gap={0} data-testid="notifications-list">
              {list.data.map((n) => (
                <UnstyledButton
                  key={n._id}
                  onClick={() => open(n)}
                  px="md"
                  py="xs"
                  data-testid="notification-item"
                  data-read={n.read}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)', background: n.read ? undefined : 'var(--mantine-color-blue-light)' }}
                >
                  <Text size="sm" fw={n.read ? 400 : 600}>{n.text}</Text>
                  <Text size="xs" c="dimmed">{when(n.createdAt, i18n.language)}</Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Box px="md">
            <EmptyState
              size="sm"
              icon={<IconBellOff stroke={1.6} />}
              title={t('shell.notifications.emptyTitle')}
              description={t('shell.notifications.emptyText')}
            />
          </Box>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
