import type { ReactNode } from 'react';
import { Grid, Stack, type MantineSpacing } from '@mantine/core';

export interface DetailsColumnsProps {
  main: ReactNode;
  side: ReactNode;
  /** The main column's share of twelve on wide screens (the side takes the rest). */
  mainSpan?: number;
  gap?: MantineSpacing;
  /** On phones, the side column comes first (a summary the page is about, such as an invoice's totals). */
  sideFirstOnPhones?: boolean;
}

/** A details page's body: a main column of cards and a side column, one under the other on phones. */
export function DetailsColumns({ main, side, mainSpan = 7, gap = 'lg', sideFirstOnPhones = false }: DetailsColumnsProps) {
  const order = (wide: number) => (sideFirstOnPhones ? { base: wide === 1 ? 2 : 1, md: wide } : undefined);
  return (
    <Grid gap={gap}>
      <Grid.Col span={{ base: 12, md: mainSpan }} order={order(1)}>
        <Stack gap={gap}>{main}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 12 - mainSpan }} order={order(2)}>
        <Stack gap={gap}>{side}</Stack>
      </Grid.Col>
    </Grid>
  );
}
