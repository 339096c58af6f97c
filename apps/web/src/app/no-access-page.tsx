import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { visibleNavItems, type NavLeaf } from './shell/nav-items';

/** Screens a user may open, in menu order: where the no-access page sends them instead. */
function openScreens(items: ReturnType<typeof visibleNavItems>): NavLeaf[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : item.children));
}

/**
 * Shown instead of a page the user's role does not include (a receptionist at /company/edit): says so before anything
 * is filled in, and offers the screens the role does include.
 */
export default function NoAccessPage() {
  const { t } = useTranslation();
  const { plan, permissions } = useSession();
  const elsewhere = openScreens(visibleNavItems(plan, undefined, permissions)).slice(0, 3);
  return (
    <Center mih="60vh" p="md" data-testid="no-access">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} mt="sm">{t('shell.noAccess.title')}</Title>
        <Text c="dimmed">{t('shell.noAccess.text')}</Text>
        <Group gap="sm" justify="center" mt="md">
          {elsewhere.map((leaf) => (
            <Button key={leaf.key} component={Link} to={leaf.to} variant="light">
              {t(leaf.label)}
            </Button>
          ))}
          <Button component={Link} to="/myProfile" variant="default">
            {t('shell.noAccess.profile')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
