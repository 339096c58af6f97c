import { ActionIcon, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '@clinic/shared';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { translateMessage } from '@/lib/http';
import { emptyLine, type InvoiceFormValues } from './invoice-form-values';
import { currencySymbol, formatMoney, toMinor } from './money';

interface LinesProps {
  control: Control<InvoiceFormValues, unknown, unknown>;
  setValue: UseFormSetValue<InvoiceFormValues>;
  services: readonly ServiceRecord[];
  currency: string;
  /** The list's own message (no lines, too many). */
  error?: string;
}

/** The invoice's lines: a service of the clinic (its name and price by default) or a free item, quantity, discount. */
export function InvoiceLinesField({ control, setValue, services, currency, error }: LinesProps) {
  const { t, i18n } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const serviceData = services.map((s) => ({ value: s._id, label: s.name }));
  const amount = (minor: number) => formatMoney(minor, currency, i18n.language);
  const symbol = currencySymbol(currency, i18n.language);
  return (
    <Stack gap="sm" data-testid="invoice-lines">
      {fields.map((field, index) => {
        const line = lines[index] ?? field;
        const service = services.find((s) => s._id === line.service);
        const price = toMinor(line.unitPrice, currency) ?? toMinor(service?.price ?? null, currency) ?? 0;
        const net = Math.max(0, price * (Number(line.quantity) || 0) - (toMinor(line.discount, currency) ?? 0));
        return (
          <Paper key={field.id} withBorder p="sm" radius="sm" data-testid="invoice-line">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Controller
                  control={control}
                  name={`lines.${index}.kind`}
                  render={({ field: kind }) => (
                    <SegmentedControl
                      size="xs"
                      value={kind.value}
                      onChange={(v) => kind.onChange(v)}
                      data={[{ value: 'service', label: t('finance.form.kindService') }, { value: 'item', label: t('finance.form.kindItem') }]}
                      aria-label={t('finance.form.kind')}
                    />
                  )}
                />
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} data-testid="invoice-line-net" style={{ fontVariantNumeric: 'tabular-nums' }}>{amount(net)}</Text>
                  <ActionIcon variant="subtle" color="red" disabled={fields.length === 1} onClick={() => remove(index)} aria-label={t('finance.form.removeLine', { number: index + 1 })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {line.kind === 'service' ? (
                  <SelectField
                    control={control}
                    name={`lines.${index}.service`}
                    label={t('finance.form.service')}
                    placeholder={t('finance.form.servicePlaceholder')}
                    data={serviceData}
                    searchable
                    required
                    emptyValue={null}
                    nothingFoundMessage={t('finance.form.noServices')}
                    onValueChange={(id) => {
                      const chosen = services.find((s) => s._id === id);
                      if (chosen) setValue(`lines.${index}.unitPrice`, chosen.price, { shouldDirty: true });
                    }}
                    testId={`invoice-line-service-${index}`}
                  />
                ) : (
                  <TextField control={control} name={`lines.${index}.description`} label={t('finance.form.description')} required testId={`invoice-line-description-${index}`} />
                )}
                {line.kind === 'service' && (
                  <TextField control={control} name={`lines.${index}.description`} label={t('finance.form.description')} placeholder={service?.name ?? t('finance.form.descriptionDefault')} />
                )}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <NumberField control={control} name={`lines.${index}.quantity`} label={t('finance.form.quantity')} min={1} max={10_000} required testId={`invoice-line-quantity-${index}`} />
                <NumberField control={control} name={`lines.${index}.unitPrice`} label={t('finance.form.unitPrice')} min={0} allowDecimal decimalScale={3} rightSection={symbol} rightSectionWidth={56} required={line.kind === 'item'} testId={`invoice-line-price-${index}`} />
                <NumberField control={control} name={`lines.${index}.discount`} label={t('finance.form.discount')} min={0} allowDecimal decimalScale={3} rightSection={symbol} rightSectionWidth={56} testId={`invoice-line-discount-${index}`} />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {error && <Text c="red" size="sm" role="alert">{translateMessage(error)}</Text>}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append(emptyLine())} disabled={fields.length >= 100} data-testid="invoice-add-line">
          {t('finance.form.addLine')}
        </Button>
      </Group>
    </Stack>
  );
}
