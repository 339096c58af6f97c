import type { ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, NumberInput, Paper, Select, Stack, Switch, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@/components/dates/pickers';
import { TimeInput24 } from '@/components/form/date-time-fields';
import { parseDateText } from '@clinic/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormState, type ArrayPath, type FieldArray, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/http';
import { dateInputFormat } from '@/lib/dates';
import { messageAt } from '@/components/form/form-errors';
import type { FormControl } from '@/components/form/field-types';

export interface EditableColumn {
  key: string;
  label: string;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'number' | 'select' | 'tags' | 'switch';
  options?: Array<{ value: string; label: string }>;
  required?: boolean;
  /** The field's preferred width in pixels (fields wrap onto more lines when the row is narrower). */
  width?: number;
  placeholder?: string;
  min?: number;
  max?: number;
}

interface EditableTableProps<T extends FieldValues> {
  control: FormControl<T>;
  name: ArrayPath<T>;
  columns: EditableColumn[];
  /** A blank row for the Add button. */
  newRow: () => FieldArray<T, ArrayPath<T>>;
  addLabel: string;
  emptyText: string;
  /** Shown above the table (for example what the table is for). */
  description?: ReactNode;
  'data-testid'?: string;
}

/**
 * Editable rows (contact infos, holidays, bank accounts, ...): each row is a card of labelled fields that wrap on
 * narrow widths, every field validated with the form's schema; rows are added and removed in place.
 */
export function EditableTable<T extends FieldValues>({ control, name, columns, newRow, addLabel, emptyText, description, 'data-testid': testId }: EditableTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as unknown as Path<T> });
  const listError = messageAt(errors, name);

  const cell = (column: EditableColumn, index: number) => (
    <Controller
      control={control}
      name={`${name}.${index}.${column.key}` as Path<T>}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message);
        const common = { label: column.label, withAsterisk: column.required, error, size: 'sm' as const, onBlur: field.onBlur, name: field.name, 'data-testid': testId ? `${testId}-${index}-${column.key}` : undefined };
        switch (column.kind) {
          case 'select':
            return <Select {...common} data={column.options ?? []} value={(field.value as string | null) || null} onChange={(v) => field.onChange(v ?? (column.required ? '' : null))} placeholder={column.placeholder} allowDeselect={!column.required} clearable={!column.required} comboboxProps={{ withinPortal: true }} ref={field.ref} />;
          case 'date':
            return <DateInput {...common} valueFormat={dateInputFormat(i18n.language)} dateParser={parseDateText} value={(field.value as string | null) || null} onChange={(v) => field.onChange(v ?? '')} placeholder={column.placeholder} clearable popoverProps={{ withinPortal: true }} ref={field.ref} />;
          case 'time':
            return <TimeInput24 {...common} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} />;
          case 'number':
            return <NumberInput {...common} value={(field.value as number | string | undefined) ?? ''} onChange={(v) => field.onChange(v)} min={column.min} max={column.max} hideControls placeholder={column.placeholder} decimalScale={2} ref={field.ref} />;
          case 'tags':
            return <TagsInput {...common} value={(field.value as string[] | undefined) ?? []} onChange={(v) => field.onChange(v)} placeholder={column.placeholder} ref={field.ref} />;
          case 'switch':
            return <Switch label={column.label} mt={26} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} onBlur={field.onBlur} name={field.name} ref={field.ref} error={error} />;
          default:
            return <TextInput {...common} type={column.kind === 'email' ? 'email' : column.kind === 'tel' ? 'tel' : 'text'} value={(field.value as string | null | undefined) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)} placeholder={column.placeholder} ref={field.ref} />;
        }
      }}
    />
  );

  return (
    <Stack gap="sm" data-testid={testId}>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {fields.length > 0 ? (
        <Stack gap="xs">
          {fields.map((row, index) => (
            // One row: its fields side by side, wrapping onto more lines when the card is narrow (never a sideways scroll).
            <Paper key={row.id} withBorder radius="md" p="sm" data-testid={testId ? `${testId}-${index}` : undefined}>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Group align="flex-start" gap="sm" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                  {columns.map((c) => (
                    <Box key={c.key} style={{ flex: `1 1 ${Math.round((c.width ?? 180) * 0.85)}px`, minWidth: c.kind === 'switch' ? 0 : 'min(100%, 9rem)' }}>
                      {cell(c, index)}
                    </Box>
                  ))}
                </Group>
                <Tooltip label={t('organisation.table.removeRow')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('organisation.table.removeRow')} onClick={() => remove(index)} mt={26} data-testid={testId ? `${testId}-${index}-remove` : undefined}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="sm" style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
          {emptyText}
        </Text>
      )}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append(newRow())} data-testid={testId ? `${testId}-add` : undefined}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
