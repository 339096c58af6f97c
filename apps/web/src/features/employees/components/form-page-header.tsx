import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRepeatsPageTitle } from '@/components/page-header';

/** Title of a form or details page with a "back to the list" link (arrow follows the reading direction); a title the top bar already shows is not repeated. */
export function BackHeader({ to, backLabel, title, subtitle, actions }: { to: string; backLabel: string; title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  const { i18n } = useTranslation();
  const Arrow = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  const repeated = useRepeatsPageTitle(title);
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={to} size="sm" c="dimmed" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <Arrow size={14} />
          {backLabel}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          {!repeated && <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{title}</Title>}
          {subtitle && <Text c="dimmed" size="sm">{subtitle}</Text>}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
