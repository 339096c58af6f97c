import type { ReactNode } from 'react';
import { Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';

/** A titled card of a person's details page (staff, doctors, users, patients), with its icon and an action. */
export function DetailsCard({ title, icon, children, action, testId }: { title: ReactNode; icon?: ReactNode; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {icon && <ThemeIcon variant="light" size={32} radius="md" aria-hidden>{icon}</ThemeIcon>}
            <Title order={3} fz="md">{title}</Title>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

