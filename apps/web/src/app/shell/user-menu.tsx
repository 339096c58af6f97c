import { useRef, useState } from 'react';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { useLogout } from '@/features/auth';
import classes from './shell.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** Role and user name, with My profile and Logout (after a confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  const name = user?.userName ?? '';
  const role = user?.role ? t(`common.roles.${user.role}`, { defaultValue: user.role }) : '';

  return (
    <>
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <UnstyledButton ref={button} className={classes.userButton} aria-label={t('shell.header.accountMenu')} data-testid="user-menu">
            <Avatar color="initials" name={name} radius="xl" size={34}>
              {initials(name)}
            </Avatar>
            <div className={classes.userText}>
              <Text size="xs" c="dimmed" truncate data-testid="user-role">
                {role}
              </Text>
              <Text size="sm" fw={600} truncate data-testid="user-name">
                {name}
              </Text>
            </div>
            <IconChevronDown size={14} stroke={1.8} className={classes.userText} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('shell.userMenu.signedInAs')}</Menu.Label>
          <Text size="sm" fw={600} px="sm" truncate>
            {name}
          </Text>
          {user?.userEmail && (
            <Text size="xs" c="dimmed" px="sm" pb={6} truncate>
              {user.userEmail}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} stroke={1.7} />} onClick={() => navigate('/myProfile')} data-testid="my-profile">
            {t('shell.userMenu.myProfile')}
          </Menu.Item>
          <Menu.Item leftSection={<IconShieldLock size={16} stroke={1.7} />} onClick={() => navigate('/security')} data-testid="my-security">
            {t('shell.userMenu.security')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} stroke={1.7} />}
            onClick={() => setConfirming(true)}
            data-testid="logout"
          >
            {t('shell.userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title={t('shell.logout.title')}
        text={t('shell.logout.text')}
        loading={logout.isPending}
        returnFocusTo={button}
        onCancel={() => setConfirming(false)}
        onConfirm={() => logout.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
