import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPage } from '@/lib/pages';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons shown at the end of the header (they wrap below the title on narrow screens). */
  actions?: ReactNode;
}

/** True when `title` is the page's own title, which the top bar already shows: a heading need not repeat it. */
export function useRepeatsPageTitle(title: ReactNode): boolean {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = findPage(pathname);
  return typeof title === 'string' && entry !== null && t(entry.title).toLocaleLowerCase() === title.toLocaleLowerCase();
}

/**
 * A page's heading, its one-line description and its buttons. The top bar already names the page: a heading that
 * would only repeat it is left out, and the description and buttons stay.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  const repeated = useRepeatsPageTitle(title);
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        {!repeated && (
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
        )}
        {subtitle && (
          <Text c="dimmed" size="sm" mt={repeated ? 6 : 0}>
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
