import { Burger, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import classes from './shell.module.css';

interface TopBarProps {
  title: string;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function TopBar({ title, navigationOpened, onToggleNavigation }: TopBarProps) {
  const { t } = useTranslation();

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <div className={classes.burger}>
          <Burger
            opened={navigationOpened}
            onClick={onToggleNavigation}
            size="sm"
            aria-label={navigationOpened ? t('shell.header.closeNavigation') : t('shell.header.openNavigation')}
            data-testid="navigation-burger"
          />
        </div>
        <Title order={1} fz={{ base: 'md', sm: 'lg' }} fw={650} lineClamp={1} data-testid="page-title">
          {title}
        </Title>
      </Group>
      <Group gap={6} wrap="nowrap">
        <ThemeToggle />
        <LanguageMenu />
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
