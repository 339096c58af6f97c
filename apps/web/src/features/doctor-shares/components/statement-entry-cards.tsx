import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoctorShareStatement } from '@clinic/shared';
import { formatDay } from '@/lib/dates';
import { appliedText, CAUSE_COLOURS } from './share-format';

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface CardsProps {
  statement: DoctorShareStatement;
  money: (minor: number) => string;
  tiersOf?: (ruleId: string) => Array<{ fromVisit: number }> | null;
}

/** The entries on a phone: one compact card each (patient and share first, then the visit, the rule and the money). */
export function StatementEntryCards({ statement, money, tiersOf }: CardsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap={6} hiddenFrom="sm" data-testid="share-entry-cards">
      {statement.entries.map((e) => (
        <Paper key={e._id} withBorder radius="sm" p="xs" data-testid="share-entry-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate="end">{e.patient.name}</Text>
            <Text fw={700} size="sm" style={num} c={e.share < 0 ? 'red' : undefined}>{money(e.share)}</Text>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {e.periodDay ? formatDay(e.periodDay, lang, SHORT_DAY) : '—'} · <bdi dir="ltr">{e.invoice.displayNumber ?? '—'}</bdi> · {e.description}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge size="xs" variant="light" color={CAUSE_COLOURS[e.cause]} style={{ minWidth: 'max-content' }}>{t(`doctorShares.causes.${e.cause}`)}</Badge>
              <Text size="xs" truncate="end">{appliedText(e.applied, t, lang, money, tiersOf?.(e.rule))}</Text>
            </Group>
            <Text size="xs" c="dimmed" style={num}>{money(e.taken)} / {money(e.base)}</Text>
          </Group>
        </Paper>
      ))}
      <Group justify="space-between" px="xs" pt={4} wrap="nowrap">
        <Text size="sm" fw={700}>{t('doctorShares.entries.total', { count: statement.totals.visits })}</Text>
        <Text size="sm" fw={700} style={num}>{money(statement.totals.share)}</Text>
      </Group>
    </Stack>
  );
}
