import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A card's heading line: its icon and title, and an action at the other end. */
export function CardHead({ icon, title, action }: { icon: ReactNode; title: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" mb="sm" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Title order={4}>{title}</Title>
      </Group>
      {action}
    </Group>
  );
}
