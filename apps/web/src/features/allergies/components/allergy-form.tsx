import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { ALLERGY_SEVERITIES, ALLERGY_TYPES, allergyCreateInput, type AllergyCreate } from '@clinic/shared';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCreateAllergy } from '../api/allergies-api';

type Values = z.input<typeof allergyCreateInput>;

/** Recording an allergy or intolerance: substance, type, reaction and severity. */
export function AllergyForm({ patientId, encounterId, onDone }: { patientId: string; encounterId?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAllergy(patientId);
  const { form, serverError, onSubmit } = useSchemaForm<Values, AllergyCreate>({
    schema: allergyCreateInput, defaultValues: { substance: '', type: 'allergy', reaction: '', severity: null }, mode: 'onSubmit',
  });
  const submit = onSubmit(async (values) => {
    await create.mutateAsync({ ...values, ...(encounterId ? { encounterId } : {}) });
    onDone();
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="allergy-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={form.control} name="substance" label={t('allergies.form.substance')} placeholder={t('allergies.form.substancePlaceholder')} required testId="allergy-substance" data-autofocus />
          <SelectField control={form.control} name="type" label={t('allergies.form.type')} data={ALLERGY_TYPES.map((v) => ({ value: v, label: t(`allergies.type.${v}`) }))} testId="allergy-type" allowDeselect={false} />
          <TextField control={form.control} name="reaction" label={t('allergies.form.reaction')} placeholder={t('allergies.form.reactionPlaceholder')} testId="allergy-reaction" />
          <SelectField control={form.control} name="severity" emptyValue={null} clearable label={t('allergies.form.severity')} data={ALLERGY_SEVERITIES.map((v) => ({ value: v, label: t(`allergies.severity.${v}`) }))} testId="allergy-severity" />
        </SimpleGrid>
        <FormMessage message={serverError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.actions.cancel')}</Button>
          <Button type="submit" loading={create.isPending} data-testid="allergy-save">{t('allergies.form.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
