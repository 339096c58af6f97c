import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoctorShareStatement } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';

interface Tile {
  key: string;
  label: string;
  value: string;
  tone?: 'strong' | 'due' | 'settled';
}

/** The period at a glance: visits, money taken, net base, the share, what was paid and what is left. */
export function StatementTotals({ statement, money }: { statement: DoctorShareStatement; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation();
  const { totals } = statement;
  const tiles: Tile[] = [
    { key: 'visits', label: t('doctorShares.totals.visits'), value: formatNumber(totals.visits, i18n.language) },
    { key: 'taken', label: t('doctorShares.totals.taken'), value: money(totals.taken) },
    { key: 'base', label: t('doctorShares.totals.base'), value: money(totals.base) },
    { key: 'share', label: t('doctorShares.totals.share'), value: money(totals.share), tone: 'strong' },
    { key: 'paid', label: t('doctorShares.totals.paid'), value: money(statement.paid) },
    { key: 'balance', label: t('doctorShares.totals.balance'), value: money(statement.balance), tone: statement.balance > 0 ? 'due' : 'settled' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="share-totals">
      {tiles.map((tile) => (
        <Card
          key={tile.key}
          withBorder
          padding="sm"
          data-testid={`share-total-${tile.key}`}
          style={tile.tone === 'due' ? { borderColor: 'var(--mantine-primary-color-filled)', background: 'var(--mantine-primary-color-light)' } : undefined}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.3 }}>{tile.label}</Text>
          <Text
            fw={tile.tone ? 700 : 600}
            fz={tile.tone ? 'lg' : 'md'}
            mt={2}
            c={tile.tone === 'settled' ? 'teal' : undefined}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            data-testid={`share-total-${tile.key}-value`}
          >
            {tile.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
