import { Chip, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BODY_SIDES, parseDateText, type BilingualLabel, type NoteField as Field, type NoteValue } from '@clinic/shared';
import { DateInput } from '@/components/dates/pickers';
import { dateInputFormat } from '@/lib/dates';

export const labelOf = (label: BilingualLabel, language: string) => (language.startsWith('ar') ? label.ar : label.en);

interface NoteFieldProps {
  field: Field;
  value: NoteValue | undefined;
  onChange: (value: NoteValue) => void;
  readOnly?: boolean;
  error?: string;
}

/** One typed field of a note: text, number with its unit, choice, checklist, date or body side. */
export function NoteField({ field, value, onChange, readOnly, error }: NoteFieldProps) {
  const { t, i18n } = useTranslation();
  const label = labelOf(field.label, i18n.language);
  const common = { label, required: field.required, error, readOnly, 'data-field': field.key };
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: labelOf(o.label, i18n.language) }));
  switch (field.type) {
    case 'text':
      return field.multiline
        ? <Textarea {...common} autosize minRows={3} maxRows={14} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />
        : <TextInput {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
          min={field.min}
          max={field.max}
          decimalScale={2}
          rightSection={field.unit ? <Text size="xs" c="dimmed" dir="ltr">{field.unit}</Text> : undefined}
          rightSectionWidth={field.unit ? 56 : undefined}
          maw={260}
        />
      );
    case 'date':
      // The app's date input: the day in the user's language ("19 نوفمبر 2026"), typed or picked; stored as YYYY-MM-DD.
      return (
        <DateInput
          {...common}
          maw={240}
          clearable={!readOnly}
          leftSection={<IconCalendar size={16} stroke={1.6} />}
          popoverProps={{ withinPortal: true }}
          valueFormat={dateInputFormat(i18n.language)}
          dateParser={parseDateText}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        />
      );
    case 'choice':
      return options.length > 4
        ? <Select {...common} data={options} value={typeof value === 'string' ? value : null} onChange={(v) => onChange(v)} clearable={!readOnly} maw={320} />
        : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>{label}{field.required && <Text span c="red"> *</Text>}</Text>
            <SegmentedControl data={options} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v)} readOnly={readOnly} data-field={field.key} style={{ alignSelf: 'flex-start' }} />
            {error && <Text size="xs" c="red">{error}</Text>}
          </Stack>
        );
    case 'checklist':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{label}</Text>
          <Chip.Group multiple value={Array.isArray(value) ? value : []} onChange={(v) => !readOnly && onChange(v)}>
            <Group gap="xs" data-field={field.key}>{options.map((o) => <Chip key={o.value} value={o.value} size="sm">{o.label}</Chip>)}</Group>
          </Chip.Group>
          {error && <Text size="xs" c="red">{error}</Text>}
        </Stack>
      );
    case 'bodySide':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{label}{field.required && <Text span c="red"> *</Text>}</Text>
          <SegmentedControl
            data={BODY_SIDES.map((s) => ({ value: s, label: t(`encounter.side.${s}`) }))}
            value={typeof value === 'string' ? value : ''}
            onChange={(v) => onChange(v)}
            readOnly={readOnly}
            data-field={field.key}
            style={{ alignSelf: 'flex-start' }}
          />
          {error && <Text size="xs" c="red">{error}</Text>}
        </Stack>
      );
  }
}

/** A field's answer as read-only text (a signed note, a conflict's two versions). */
export function answerText(field: Field, value: NoteValue | undefined, language: string, sideLabel: (s: string) => string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return '—';
  const option = (v: string) => field.options?.find((o) => o.value === v);
  if (field.type === 'choice' && typeof value === 'string') return option(value) ? labelOf(option(value)!.label, language) : value;
  if (field.type === 'checklist' && Array.isArray(value)) return value.map((v) => (option(v) ? labelOf(option(v)!.label, language) : v)).join('، ');
  if (field.type === 'bodySide' && typeof value === 'string') return sideLabel(value);
  if (field.type === 'number' && typeof value === 'number') return `${value}${field.unit ? ` ${field.unit}` : ''}`;
  return String(value);
}
