import type { ReactNode } from 'react';
import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';

/**
 * A section shared by the staff and the account form. With an `id` it is a titled card of the staff form's index;
 * without, its fields stand alone in a tab of the account form.
 */
export interface PersonSectionProps<T extends FieldValues> {
  id?: string;
  control: FormControl<T>;
}

/** How a form names one shared field: its path, and where it differs, its label (message key), test id and marks. */
export interface FieldSpec<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
  testId?: string;
  required?: boolean;
  /** Shown, not changed (the account's identifiers on edit). */
  readOnly?: boolean;
}

/** An option list written in the interface language (`people.<group>.<value>`). */
export const optionsOf = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`people.${group}.${value}`, { defaultValue: value }) }));

/** Read-only fields look filled. */
export const lockedProps = (readOnly = false) => ({ readOnly, variant: readOnly ? 'filled' : 'default' });

interface SectionFrameProps {
  id?: string;
  icon: ReactNode;
  title: string;
  description?: string;
  /** The "add a row" button of a section of rows (contacts, breaks, leaves). */
  add?: { label: string; onClick: () => void; testId: string };
  testId?: string;
  /** In a tab: a heading over the fields instead of the card's title (none when left out). */
  heading?: ReactNode;
  children: ReactNode;
}

/** The card of a section in the staff form, or its bare fields in a tab of the account form. */
export function SectionFrame({ id, icon, title, description, add, testId, heading, children }: SectionFrameProps) {
  if (id) {
    const action = add && (
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add.onClick} data-testid={add.testId}>
        {add.label}
      </Button>
    );
    return <FormSection id={id} icon={icon} title={title} description={description} action={action} testId={testId}>{children}</FormSection>;
  }
  return (
    <Stack gap="md" data-testid={testId}>
      {heading}
      {children}
    </Stack>
  );
}

/** A heading inside a tab, with its hint and the required mark. */
export function TabHeading({ title, hint, required }: { title: string; hint?: string; required?: boolean }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">{title} {required && <Text span c="red">*</Text>}</Text>
      {hint && <Text size="xs" c="dimmed">{hint}</Text>}
    </Stack>
  );
}

/** The red bin that removes one row of a section of rows, its label also as a tooltip where asked. */
export function RemoveRowButton({ label, onClick, withTooltip = false }: { label: string; onClick: () => void; withTooltip?: boolean }) {
  const button = (
    <ActionIcon variant="subtle" color="red" size="lg" onClick={onClick} aria-label={label}>
      <IconTrash size={18} />
    </ActionIcon>
  );
  return withTooltip ? <Tooltip label={label}>{button}</Tooltip> : button;
}
