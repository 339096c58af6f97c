import { ActionIcon, Badge, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { normaliseDigits, type FlaggedVital, type VitalRange } from '@clinic/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/api-error';
import { formatNumber } from '@/lib/dates';

export const BOUNDS = ['criticalLow', 'low', 'high', 'criticalHigh'] as const;
export type Bound = (typeof BOUNDS)[number];
/** What the screen edits for one vital: the text of each bound; all empty is "the default". */
export type RowDraft = Record<Bound, string>;

/** The canonical unit of each flagged vital, as the vitals locale names it. */
const UNIT_KEYS: Record<FlaggedVital, string> = {
  bmi: 'vitals.unitLabels.kg_m2', temperature: 'vitals.unitLabels.C', pulse: 'vitals.unitLabels._min', respiratoryRate: 'vitals.unitLabels._min',
  systolic: 'vitals.unitLabels.mmHg', diastolic: 'vitals.unitLabels.mmHg', spo2: 'vitals.unitLabels.%', painScore: 'vitals.unitLabels._10',
  glucose: 'vitals.unitLabels.mmol_L',
};

interface Props {
  vital: FlaggedVital;
  /** The product's default for this vital and age group (none: no default, e.g. a child's BMI). */
  fallback: VitalRange | undefined;
  draft: RowDraft;
  errors: Partial<Record<Bound, string>>;
  onChange: (bound: Bound, text: string) => void;
  onReset: () => void;
  testId: string;
}

/** One vital's four limits: the default as placeholder, the company's override as the value, a reset to the default. */
export function RangeRow({ vital, fallback, draft, errors, onChange, onReset, testId }: Props) {
  const { t, i18n } = useTranslation();
  const overridden = BOUNDS.some((b) => draft[b].trim() !== '');
  const name = t(`vitals.names.${vital}`);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">{t(UNIT_KEYS[vital])}</Text>
            <Badge size="sm" variant="light" color={overridden ? 'blue' : 'gray'} tt="none" data-testid={`${testId}-state`}>
              {t(overridden ? 'vitals.ranges.overridden' : 'vitals.ranges.default')}
            </Badge>
          </Group>
          <Tooltip label={t('vitals.ranges.reset')}>
            <ActionIcon variant="subtle" aria-label={t('vitals.ranges.resetVital', { vital: name })} disabled={!overridden} onClick={onReset} data-testid={`${testId}-reset`}>
              <IconRestore size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {BOUNDS.map((bound) => {
            const fallbackValue = fallback?.[bound];
            return (
              <NumberInput
                key={bound}
                label={t(`vitals.ranges.bounds.${bound}`)}
                aria-label={`${name}: ${t(`vitals.ranges.bounds.${bound}`)}`}
                placeholder={fallbackValue === null || fallbackValue === undefined ? t('vitals.ranges.unchecked') : formatNumber(fallbackValue, i18n.language)}
                value={draft[bound]}
                onChange={(v) => onChange(bound, typeof v === 'string' ? normaliseDigits(v) : String(v))}
                allowDecimal
                hideControls
                inputMode="decimal"
                error={translateMessage(errors[bound])}
                data-testid={`${testId}-${bound}`}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
