import { SimpleGrid, Stack } from '@mantine/core';
import { IconId, IconInfoCircle, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { departmentInput, planAllows, type DepartmentInput, type DepartmentRecord, type DepartmentValues, type Plan } from '@clinic/shared';
import { EditableTable } from '@/components/form/editable-table';
import { DateField, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { FormSection } from '@/components/form/form-section';
import { MapField } from '@/components/form/map-field';
import { submitWithFieldErrors } from '@/components/form/submit-with-field-errors';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { contactColumns, newContact, useComplexOptions, usePersonOptions } from '@/features/organisation';

export function emptyDepartment(overrides: Partial<DepartmentInput> = {}): DepartmentInput {
  return {
    name: '', isActive: true, PIC: '', introduction: '', yearOfEstablishment: '', address: '', vision: '', details: '', logo: '',
    patientCapacity: '', contactInfos: [], locationGoogl: null, clinicCollectionId: '',
    ...overrides,
  };
}

export function departmentFormValues(d: DepartmentRecord): DepartmentInput {
  return emptyDepartment({
    name: d.name, isActive: d.isActive, PIC: d.PIC?._id ?? '', introduction: d.introduction ?? '', yearOfEstablishment: d.yearOfEstablishment ?? '',
    address: d.address ?? '', vision: d.vision ?? '', details: d.details ?? '', logo: d.logo ?? '', patientCapacity: d.patientCapacity ?? '',
    contactInfos: d.contactInfos as DepartmentInput['contactInfos'], locationGoogl: d.locationGoogl, clinicCollectionId: d.clinicCollectionId ?? '',
  });
}

interface DepartmentFormProps {
  defaultValues: DepartmentInput;
  plan: Plan | null;
  submitLabel: string;
  onSubmit: (values: DepartmentValues) => Promise<unknown>;
  onCancel?: () => void;
}

export function DepartmentForm({ defaultValues, plan, submitLabel, onSubmit, onCancel }: DepartmentFormProps) {
  const { t } = useTranslation();
  const people = usePersonOptions();
  const withComplexes = planAllows(plan, 'complex');
  const complexes = useComplexOptions(withComplexes);
  const { form } = useSchemaForm<DepartmentInput, DepartmentValues>({ schema: departmentInput, defaultValues });
  const { control, handleSubmit, setError, formState: { isSubmitting } } = form;
  const f = (key: string) => t(`organisation.fields.${key}`);

  const submit = submitWithFieldErrors(handleSubmit, setError, onSubmit);

  return (
    <form onSubmit={submit} noValidate data-testid="department-form">
      <Stack gap="lg">
        <FormSection icon={<IconId size={20} />} title={t('departments.form.general')} description={t('departments.form.generalHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={control} name="name" label={t('departments.form.name')} required testId="department-name" />
            <SelectField control={control} name="PIC" label={f('pic')} placeholder={f('picPlaceholder')} required data={people.data ?? []} searchable nothingFoundMessage={t('organisation.noPeople')} testId="department-pic" />
            {withComplexes && (
              <SelectField control={control} name="clinicCollectionId" label={f('complex')} placeholder={f('none')} data={complexes.data ?? []} clearable searchable nothingFoundMessage={t('organisation.noComplexes')} testId="department-complex" />
            )}
            <DateField control={control} name="yearOfEstablishment" label={f('yearOfEstablishment')} required past testId="department-established" />
            <NumberField control={control} name="patientCapacity" label={t('departments.form.patientCapacity')} min={0} testId="department-capacity" />
            <TextField control={control} name="address" label={f('address')} required testId="department-address" />
          </SimpleGrid>
          <SwitchField control={control} name="isActive" label={f('active')} testId="department-active" />
        </FormSection>

        <FormSection icon={<IconInfoCircle size={20} />} title={t('departments.form.about')} description={t('departments.form.aboutHint')}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <TextAreaField control={control} name="introduction" label={f('introduction')} required testId="department-introduction" />
            <TextAreaField control={control} name="vision" label={f('vision')} required testId="department-vision" />
            <TextAreaField control={control} name="details" label={f('details')} required testId="department-details" />
          </SimpleGrid>
        </FormSection>

        <FormSection icon={<IconPhone size={20} />} title={t('organisation.contacts.title')} description={t('departments.form.contactsHint')}>
          <EditableTable control={control} name="contactInfos" columns={contactColumns(t, { subTypeRequired: true })} newRow={() => newContact(true)} addLabel={t('organisation.contacts.add')} emptyText={t('organisation.contacts.empty')} data-testid="department-contacts" />
        </FormSection>

        <FormSection icon={<IconMapPin size={20} />} title={t('organisation.map.title')} description={t('departments.form.locationHint')}>
          <MapField control={control} name="locationGoogl" emptyValue={null} testId="department-location" />
        </FormSection>

        <FormActions submitLabel={submitLabel} pending={isSubmitting} onCancel={onCancel} submitTestId="department-submit" />
      </Stack>
    </form>
  );
}
