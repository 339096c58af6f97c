import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AGE_GROUPS, FLAGGED_VITALS, type AgeGroup, type FlaggedVital, type VitalRange, type VitalRangesAnswer, type VitalRangesInput } from '@clinic/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { useSaveVitalRanges, useVitalRanges } from '../api/ranges-api';
import { BOUNDS, RangeRow, type Bound, type RowDraft } from '../components/range-row';

type Draft = Record<AgeGroup, Record<FlaggedVital, RowDraft>>;
type Errors = Record<string, string>;

/** Adults first: most of a clinic's patients. */
const GROUPS: readonly AgeGroup[] = ['adult', 'child'];

const EMPTY_ROW: RowDraft = { criticalLow: '', low: '', high: '', criticalHigh: '' };

/** The company's overrides as the text of each field (a bound left null shows empty, its default as placeholder). */
export function draftOf(overrides: VitalRangesAnswer['overrides'] | undefined): Draft {
  const out = {} as Draft;
  for (const group of AGE_GROUPS) {
    out[group] = {} as Record<FlaggedVital, RowDraft>;
    for (const vital of FLAGGED_VITALS) {
      const range = overrides?.[group]?.[vital];
      out[group][vital] = range ? Object.fromEntries(BOUNDS.map((b) => [b, range[b] === null ? '' : String(range[b])])) as RowDraft : { ...EMPTY_ROW };
    }
  }
  return out;
}

/**
 * What is sent: each vital with any field filled is an override; a field left empty takes the default shown as its
 * placeholder (null where the default leaves that side unchecked). Vitals left empty keep the default.
 */
export function bodyOf(draft: Draft, defaults: VitalRangesAnswer['defaults']): VitalRangesInput {
  const out: VitalRangesInput = { adult: {}, child: {} };
  for (const group of AGE_GROUPS) {
    for (const vital of FLAGGED_VITALS) {
      const row = draft[group][vital];
      if (BOUNDS.every((b) => row[b].trim() === '')) continue;
      const fallback = defaults[group]?.[vital] as VitalRange | undefined;
      const range = Object.fromEntries(BOUNDS.map((b) => {
        const text = row[b].trim();
        return [b, text === '' ? (fallback?.[b] ?? null) : Number(text)];
      })) as unknown as VitalRange;
      out[group][vital] = range;
    }
  }
  return out;
}

/** Administrators set the company's reference ranges that flag abnormal vitals, for adults and for children. */
export default function ReferenceRangesPage() {
  const { t, i18n } = useTranslation();
  const ranges = useVitalRanges();
  const save = useSaveVitalRanges();
  const [group, setGroup] = useState<AgeGroup>('adult');
  const [draft, setDraft] = useState<Draft>(() => draftOf(undefined));
  const [errors, setErrors] = useState<Errors>({});

  const overrides = ranges.data?.overrides;
  useEffect(() => { if (overrides) setDraft(draftOf(overrides)); }, [overrides]);

  const change = (vital: FlaggedVital, bound: Bound | null, text = '') => {
    setDraft((d) => ({ ...d, [group]: { ...d[group], [vital]: bound ? { ...d[group][vital], [bound]: text } : { ...EMPTY_ROW } } }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !path.startsWith(`${group}.${vital}.`))));
  };

  const submit = () => {
    if (!ranges.data) return;
    setErrors({});
    save.mutate(bodyOf(draft, ranges.data.defaults), {
      onError: (err) => {
        if (!isApiError(err) || !err.fields) return;
        setErrors(err.fields);
        // The first group with an error is shown, so the message is seen.
        const first = Object.keys(err.fields)[0]?.split('.')[0];
        if (first === 'adult' || first === 'child') setGroup(first);
      },
    });
  };

  const rowErrors = (vital: FlaggedVital): Partial<Record<Bound, string>> => {
    const out: Partial<Record<Bound, string>> = {};
    for (const b of BOUNDS) {
      const message = errors[`${group}.${vital}.${b}`];
      if (message) out[b] = message;
    }
    return out;
  };
  const errorCount = Object.keys(errors).length;

  return (
    <Stack gap="lg" data-testid="vital-ranges-page">
      <Card>
        <Stack gap={4}>
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('vitals.ranges.title')}</Title>
          <Text size="sm" c="dimmed">{t('vitals.ranges.intro')}</Text>
          {ranges.data?.updatedAt && (
            <Text size="xs" c="dimmed" data-testid="vital-ranges-updated">
              {t('vitals.ranges.updated', { when: formatDateTime(ranges.data.updatedAt, i18n.language), who: ranges.data.updatedBy?.name ?? '' })}
            </Text>
          )}
        </Stack>
      </Card>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={group}
          onChange={(v) => setGroup(v as AgeGroup)}
          data={GROUPS.map((g) => ({ value: g, label: t(`vitals.ranges.groups.${g}`) }))}
          aria-label={t('vitals.ranges.group')}
          data-testid="vital-ranges-group"
        />
        <Button onClick={submit} loading={save.isPending} disabled={!ranges.data} data-testid="vital-ranges-save">{t('vitals.ranges.save')}</Button>
      </Group>
      {errorCount > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="vital-ranges-errors">{t('vitals.ranges.fixErrors', { count: errorCount })}</Alert>
      )}
      <Text size="sm" c="dimmed">{t(group === 'adult' ? 'vitals.ranges.adultHint' : 'vitals.ranges.childHint')}</Text>
      <Stack gap="sm">
        {FLAGGED_VITALS.map((vital) => (
          <RangeRow
            key={`${group}-${vital}`}
            vital={vital}
            fallback={ranges.data?.defaults[group]?.[vital] as VitalRange | undefined}
            draft={draft[group][vital]}
            errors={rowErrors(vital)}
            onChange={(bound, text) => change(vital, bound, text)}
            onReset={() => change(vital, null)}
            testId={`range-${group}-${vital}`}
          />
        ))}
      </Stack>
    </Stack>
  );
}
