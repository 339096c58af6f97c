import { useEffect, useState } from 'react';
import { Button, Divider, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PRESCRIPTION_ITEMS_MAX, PRESCRIPTION_VALID_DAYS, unacknowledged, type PrescriptionCreate } from '@clinic/shared';
import { NumberField, SelectField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { ApiError, isError } from '@/lib/http';
import { useLookup } from '@/lib/lookups';
import { checkPrescription, createPrescription, issuePrescription, updatePrescription, useRefreshAfterChange } from '../api/prescriptions';
import { CheckNotices } from './check-notices';
import { ItemFields } from './item-fields';
import { emptyItem, formSchema, type PrescriptionFormValues } from './prescription-form-values';

interface Props { patientId: string; encounterId?: string; clinicId?: string | null; opened: boolean; onClose: (issuedId?: string) => void }

/**
 * A new prescription: the drugs (catalogue), dose, route, frequency, days and quantity, the printout's language and
 * validity. The checks run as drugs are chosen; each warning needs a reason before "Issue" is accepted, and the "no
 * data" notices stay in view. Issuing saves the draft, then issues it with the reasons.
 */
export function PrescriptionForm({ patientId, encounterId, clinicId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const clinics = useLookup<{ _id: string; name: string }>('clinics', { isActive: true, sortBy: 'name', order: 'asc' });
  const refresh = useRefreshAfterChange();
  const [draft, setDraft] = useState<{ id: string; version: number } | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const defaults = (): PrescriptionFormValues => ({ clinic: clinicId ?? null, language: null, validDays: PRESCRIPTION_VALID_DAYS.default, items: [emptyItem()] });
  const { form, serverError, onSubmit } = useSchemaForm<PrescriptionFormValues, PrescriptionCreate>({ schema: formSchema, defaultValues: defaults() });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const drugIds = form.watch('items').map((i) => i.medication).filter((id): id is string => Boolean(id));
  const check = useQuery({
    queryKey: ['prescriptions', 'check', patientId, drugIds],
    queryFn: ({ signal }) => checkPrescription(patientId, { items: drugIds.map((medication) => ({ medication })) }, signal),
    enabled: opened && drugIds.length > 0,
    retry: false,
  });
  // The visit's clinic, else the first of the organisation's, until the prescriber picks another.
  useEffect(() => {
    const first = clinics.data?.[0]?._id;
    if (!form.getValues('clinic') && first) form.setValue('clinic', first);
  }, [clinics.data, form]);
  const close = (issuedId?: string) => {
    form.reset(defaults());
    setDraft(null);
    setReasons({});
    onClose(issuedId);
  };
  const send = async (values: PrescriptionCreate) => {
    const body = values;
    const saved = draft
      ? await updatePrescription(draft.id, { clinic: body.clinic, language: body.language ?? 'en', validDays: body.validDays ?? PRESCRIPTION_VALID_DAYS.default, items: body.items, version: draft.version })
      : await createPrescription(patientId, { ...body, ...(encounterId ? { encounter: encounterId } : {}) });
    setDraft({ id: saved._id, version: saved.version });
    if (!values.language) form.setValue('language', saved.language);
    const warnings = check.data?.warnings ?? [];
    const acknowledgements = warnings.filter((w) => reasons[w.key]?.trim()).map((w) => ({ key: w.key, reason: reasons[w.key]!.trim() }));
    const issued = await issuePrescription(saved._id, { acknowledgements, version: saved.version }).catch((e: unknown) => {
      // A warning without its reason: the server's message above the buttons (the reason boxes are not form fields).
      throw isError(e, 'PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED') ? new ApiError(e.status, e.code, e.message, undefined, true) : e;
    });
    await refresh();
    close(issued._id);
  };
  const missingReasons = check.data ? unacknowledged(check.data.warnings, Object.entries(reasons).map(([key, reason]) => ({ key, reason }))).length : 0;
  return (
    <FormDialog
      opened={opened}
      onClose={() => close()}
      title={t('prescriptions.form.title')}
      size="xl"
      data-testid="rx-form"
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(send)(event);
      }}
      serverError={serverError}
      serverErrorTestId="rx-form-error"
      submitLabel={missingReasons ? t('prescriptions.form.issueNeedsReasons', { count: missingReasons }) : t('prescriptions.form.issue')}
      submitColor={check.data?.warnings.length ? 'red' : undefined}
      pending={form.formState.isSubmitting}
      submitTestId="rx-issue"
    >
      <Stack gap="sm">
        {items.fields.map((field, index) => (
          <ItemFields key={field.id} form={form} index={index} onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined} />
        ))}
        {items.fields.length < PRESCRIPTION_ITEMS_MAX && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => items.append(emptyItem())} data-testid="rx-add-item">{t('prescriptions.form.addItem')}</Button>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SelectField control={form.control} name="clinic" label={t('prescriptions.form.clinic')} data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))} emptyValue={null} required testId="rx-clinic" />
          <SelectField control={form.control} name="language" label={t('prescriptions.form.language')} description={t('prescriptions.form.languageHint')} data={[{ value: 'ar', label: 'العربية' }, { value: 'en', label: 'English' }]} emptyValue={null} testId="rx-language" />
          <NumberField control={form.control} name="validDays" label={t('prescriptions.form.validDays')} min={PRESCRIPTION_VALID_DAYS.min} max={PRESCRIPTION_VALID_DAYS.max} testId="rx-valid-days" />
        </SimpleGrid>
        <Divider />
        <Title order={4} fz="h5">{t('prescriptions.check.title')}</Title>
        <CheckNotices check={check.data} pending={check.isFetching} failed={check.isError} reasons={reasons} onReason={(key, reason) => setReasons((r) => ({ ...r, [key]: reason }))} />
      </Stack>
    </FormDialog>
  );
}
