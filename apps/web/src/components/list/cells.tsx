import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A record's public id (PAT-000012) in a list row. */
export function IdCell({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }} dir="ltr">
      {children}
    </Text>
  );
}
