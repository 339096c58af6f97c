import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links that help the user move on. */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

export function EmptyState({ title, description, icon, actions, size = 'md' }: EmptyStateProps) {
  return (
    <MantineEmptyState
      size={size}
      variant="light"
      title={title}
      description={description}
      icon={icon ?? <IconInbox stroke={1.6} />}
      py="xl"
    >
      {actions && <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
