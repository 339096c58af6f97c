import { useEffect } from 'react';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { eInvoiceSettingsInput, type EInvoiceSettingsInput, type EInvoiceSettingsView } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { SwitchField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useSession } from '@/lib/session-context';
import { useEInvoiceSettings, useSaveEInvoiceSettings } from '../api/e-invoicing';

type Values = z.output<typeof eInvoiceSettingsInput>;

const formOf = (r: EInvoiceSettingsView): EInvoiceSettingsInput => ({
  enabled: r.enabled, sellerName: r.sellerName, vatNumber: r.vatNumber, crn: r.crn ?? '', street: r.street ?? '', buildingNumber: r.buildingNumber ?? '',
  district: r.district ?? '', city: r.city ?? '', postalCode: r.postalCode ?? '', version: r.version,
});

/** The seller as registered with ZATCA, and whether issued documents become e-invoices. */
export function EInvoicingSettingsCard() {
  const { t } = useTranslation();
  const { can } = useSession();
  const settings = useEInvoiceSettings();
  const save = useSaveEInvoiceSettings();
  const { form, serverError, onSubmit } = useSchemaForm<EInvoiceSettingsInput, Values>({
    schema: eInvoiceSettingsInput, defaultValues: { enabled: false, sellerName: '', vatNumber: '' }, serverField: (path) => (path === 'enabled' ? null : (path as never)),
  });
  const { control, reset } = form;
  useEffect(() => { if (settings.data) reset(formOf(settings.data)); }, [settings.data, reset]);
  const e = (k: string, o?: Record<string, unknown>) => t(`finance.eInvoicing.${k}`, o);
  const record = settings.data;
  const readOnly = !can('company_write');
  const blank = (v: string | null | undefined) => (v ? v : null);

  return (
    <SectionCard title={e('title')} icon={<IconQrcode size={18} />} testId="e-invoicing-settings">
      {!record ? <Skeleton height={200} /> : (
        <form noValidate data-testid="e-invoicing-form" onSubmit={onSubmit(async (v) => {
          await save.mutateAsync({
            ...v, crn: blank(v.crn), street: blank(v.street), buildingNumber: blank(v.buildingNumber), district: blank(v.district), city: blank(v.city), postalCode: blank(v.postalCode),
            version: record.version,
          });
        })}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color={record.enabled ? 'teal' : 'gray'} variant="light" data-testid="e-invoicing-state">{record.enabled ? e('on') : e('off')}</Badge>
              <Badge variant="outline" data-testid="e-invoicing-phase">{e('phase', { phase: record.phase })}</Badge>
              {record.certificate && <Text size="xs" c="dimmed" dir="ltr">{record.certificate.subject}</Text>}
            </Group>
            <Text size="sm" c="dimmed">{e('intro')}</Text>
            <SwitchField control={control} name="enabled" label={e('enabled')} disabled={readOnly} testId="e-invoicing-enabled" />
            <TextField control={control} name="sellerName" label={e('sellerName')} description={e('sellerNameHint')} required readOnly={readOnly} testId="e-invoicing-seller" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField control={control} name="vatNumber" label={e('vatNumber')} dir="ltr" inputMode="numeric" maxLength={15} required readOnly={readOnly} testId="e-invoicing-vat" />
              <TextField control={control} name="crn" label={e('crn')} dir="ltr" readOnly={readOnly} testId="e-invoicing-crn" />
              <TextField control={control} name="street" label={e('street')} readOnly={readOnly} />
              <TextField control={control} name="buildingNumber" label={e('buildingNumber')} dir="ltr" inputMode="numeric" maxLength={4} readOnly={readOnly} />
              <TextField control={control} name="district" label={e('district')} readOnly={readOnly} />
              <TextField control={control} name="city" label={e('city')} readOnly={readOnly} />
              <TextField control={control} name="postalCode" label={e('postalCode')} dir="ltr" inputMode="numeric" maxLength={5} readOnly={readOnly} />
            </SimpleGrid>
            <FormMessage message={serverError} />
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="e-invoicing-save">{e('save')}</Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
