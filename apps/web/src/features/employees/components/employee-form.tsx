import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon, Alert, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, TagsInput, Text,
  Textarea, TextInput, Tooltip,
} from '@mantine/core';
import { DateField } from './date-field';
import {
  IconAddressBook, IconAlertCircle, IconBeach, IconBriefcase, IconBuildingHospital, IconClockHour4, IconCoffee, IconPlus, IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { Controller, get, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EMPLOYEE_CONTACT_TYPES, EMPLOYEE_DAYS, EMPLOYEE_GENDERS, EMPLOYEE_JOB_TYPES, EMPLOYEE_LANGUAGES, EMPLOYEE_LEAVE_STATUSES,
  EMPLOYEE_LEAVE_TYPES, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_NATIONALITIES, EMPLOYEE_TYPES, employeeFormSchema, planAllows,
} from '@clinic/shared';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { useReferenceList } from '../api/get-reference-lists';
import { EmployeeImageField } from './employee-image-field';
import type { EmployeeFormValues } from './employee-form-values';
import { FormSection } from './form-section';
import { TimeField } from './time-field';

interface EmployeeFormProps {
  /** Doctors' form has the type fixed to Doctor. */
  variant: 'doctor' | 'staff';
  defaultValues: EmployeeFormValues;
  currentImageUrl?: string | null;
  submitLabel: string;
  /** Sends the validated form; a rejected ApiError with fields puts its messages on the fields. */
  onSubmit: (values: EmployeeFormValues, image: { file: File | null; remove: boolean }) => Promise<unknown>;
  onCancel: () => void;
}

const STAFF_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'Doctor' && type !== 'PIC');

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The staff and doctor form: every field and rule of spec 000 section 5. */
export function EmployeeForm({ variant, defaultValues, currentImageUrl = null, submitLabel, onSubmit, onCancel }: EmployeeFormProps) {
  const { t } = useTranslation();
  const { plan } = useSession();
  const [removeImage, setRemoveImage] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EmployeeFormValues>({
    defaultValues,
    resolver: zodResolver(employeeFormSchema) as unknown as Resolver<EmployeeFormValues>,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, setError, watch } = form;
  const contacts = useFieldArray({ control, name: 'contactInfos' });
  const hours = useFieldArray({ control, name: 'workingHours' });
  const breaks = useFieldArray({ control, name: 'breakTimes' });
  const vacations = useFieldArray({ control, name: 'vacationRecords' });

  const clinics = useReferenceList('clinics');
  const departments = useReferenceList('departments', planAllows(plan, 'department'));
  const complexes = useReferenceList('cliniccollections', planAllows(plan, 'complex'));
  const specialities = useReferenceList('specializations');

  const err = (path: string): string | undefined => translateMessage((get(formState.errors, path) as { message?: string } | undefined)?.message);
  const isDoctor = watch('employeeType') === 'Doctor';
  const name = watch('name');

  const option = (group: string) => (value: string) => ({ value, label: t(`people.${group}.${value}`, { defaultValue: value }) });
  const notFound = t('people.noSpecialization');
  const refSelectProps = (list: { data?: { value: string; label: string }[]; isPending: boolean }) => ({
    data: list.data ?? [],
    nothingFoundMessage: notFound,
    placeholder: list.isPending || !list.data?.length ? notFound : t('people.select'),
    disabled: !list.data?.length,
    searchable: true,
    comboboxProps: { withinPortal: true },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values, { file: values.image, remove: removeImage });
    } catch (error) {
      if (applyFieldErrors(error, setError)) return;
      setServerError(isApiError(error) ? error.message : t('errors.unexpected'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="employee-form">
      <Stack gap="lg">
        <FormSection icon={<IconUser size={20} />} title={t('people.sections.personal')} hint={t('people.sections.personalHint')}>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <EmployeeImageField
                name={name}
                currentUrl={currentImageUrl}
                file={field.value}
                removed={removeImage}
                error={err('image')}
                onChange={(next) => {
                  field.onChange(next.file);
                  setRemoveImage(next.removed);
                  void form.trigger('image');
                }}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('people.fields.name')} withAsterisk {...register('name')} error={err('name')} data-testid="field-name" />
            {variant === 'staff' ? (
              <Controller
                control={control}
                name="employeeType"
                render={({ field }) => (
                  <Select label={t('people.fields.employeeType')} withAsterisk data={STAFF_TYPES.map((v) => ({ value: v, label: t(`common.employeeTypes.${v}`) }))} value={field.value} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('employeeType')} allowDeselect={false} comboboxProps={{ withinPortal: true }} data-testid="field-employeeType" />
                )}
              />
            ) : (
              <TextInput label={t('people.fields.employeeType')} value={t('common.employeeTypes.Doctor')} readOnly variant="filled" />
            )}
            <Controller
              control={control}
              name="dateOfBirth"
              render={({ field }) => (
                <DateField label={t('people.fields.dateOfBirth')} withAsterisk value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} maxDate={today()} error={err('dateOfBirth')} clearable data-testid="field-dateOfBirth" />
              )}
            />
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Select label={t('people.fields.gender')} withAsterisk data={EMPLOYEE_GENDERS.map(option('genders'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('gender')} comboboxProps={{ withinPortal: true }} data-testid="field-gender" />
              )}
            />
            <TextInput label={t('people.fields.identity')} withAsterisk {...register('identity')} error={err('identity')} data-testid="field-identity" />
            <Controller
              control={control}
              name="nationality"
              render={({ field }) => (
                <Select label={t('people.fields.nationality')} data={EMPLOYEE_NATIONALITIES.map(option('nationalities'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} searchable clearable error={err('nationality')} comboboxProps={{ withinPortal: true }} data-testid="field-nationality" />
              )}
            />
            <Controller
              control={control}
              name="marital_status"
              render={({ field }) => (
                <Select label={t('people.fields.maritalStatus')} data={EMPLOYEE_MARITAL_STATUSES.map(option('maritalStatuses'))} value={field.value} onChange={field.onChange} clearable error={err('marital_status')} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="number_children"
              render={({ field }) => (
                <NumberInput label={t('people.fields.numberOfChildren')} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} allowDecimal={false} error={err('number_children')} />
              )}
            />
            <Controller
              control={control}
              name="Languages"
              render={({ field }) => (
                <MultiSelect label={t('people.fields.languages')} data={EMPLOYEE_LANGUAGES.map(option('languages'))} value={field.value} onChange={field.onChange} clearable comboboxProps={{ withinPortal: true }} />
              )}
            />
          </SimpleGrid>
          <Textarea label={t('people.fields.address')} withAsterisk autosize minRows={2} {...register('address')} error={err('address')} data-testid="field-address" />
        </FormSection>

        <FormSection
          icon={<IconAddressBook size={20} />}
          title={t('people.sections.contacts')}
          hint={t('people.sections.contactsHint')}
          action={
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => contacts.append({ type: 'phone', value: '', subType: '' })} data-testid="add-contact">
              {t('people.actions.addContact')}
            </Button>
          }
          testId="section-contacts"
        >
          {err('contactInfos') && <Text c="red" size="sm">{err('contactInfos')}</Text>}
          <Stack gap="sm">
            {contacts.fields.map((row, index) => (
              <Paper key={row.id} withBorder p="sm" radius="md">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Controller
                    control={control}
                    name={`contactInfos.${index}.type`}
                    render={({ field }) => (
                      <Select aria-label={t('people.fields.contactType')} data={EMPLOYEE_CONTACT_TYPES.map(option('contactTypes'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`contactInfos.${index}.type`)} w={{ base: '100%', xs: 130 }} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
                    )}
                  />
                  <TextInput aria-label={t('people.fields.contactValue')} placeholder={t('people.fields.contactValue')} {...register(`contactInfos.${index}.value`)} error={err(`contactInfos.${index}.value`)} style={{ flex: '2 1 12rem' }} data-testid={`contact-value-${index}`} />
                  <TextInput aria-label={t('people.fields.contactLabel')} placeholder={t('people.fields.contactLabelPlaceholder')} {...register(`contactInfos.${index}.subType`)} style={{ flex: '1 1 8rem' }} />
                  <Tooltip label={t('people.actions.removeRow')}>
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => contacts.remove(index)} aria-label={t('people.actions.removeRow')}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Paper>
            ))}
          </Stack>
        </FormSection>

        <FormSection icon={<IconBriefcase size={20} />} title={t('people.sections.professional')} hint={t('people.sections.professionalHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('people.fields.jobTitle')} {...register('jobTitle')} error={err('jobTitle')} data-testid="field-jobTitle" />
            <Controller
              control={control}
              name="jobType"
              render={({ field }) => (
                <Select label={t('people.fields.jobType')} withAsterisk data={EMPLOYEE_JOB_TYPES.map(option('jobTypes'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err('jobType')} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="hireDate"
              render={({ field }) => (
                <DateField label={t('people.fields.hireDate')} withAsterisk value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('hireDate')} clearable data-testid="field-hireDate" />
              )}
            />
            {isDoctor && (
              <>
                <TextInput label={t('people.fields.medicalLicenseNumber')} withAsterisk {...register('medicalLicenseNumber')} error={err('medicalLicenseNumber')} data-testid="field-license" />
                <Controller
                  control={control}
                  name="consultation_fee"
                  render={({ field }) => (
                    <NumberInput label={t('people.fields.consultationFee')} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} min={0} decimalScale={2} error={err('consultation_fee')} />
                  )}
                />
                <Controller
                  control={control}
                  name="on_call"
                  render={({ field }) => (
                    <Switch label={t('people.fields.onCall')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} mt={{ sm: 30 }} />
                  )}
                />
              </>
            )}
          </SimpleGrid>
          {isDoctor && (
            <Controller
              control={control}
              name="certifications"
              render={({ field }) => (
                <TagsInput label={t('people.fields.certifications')} description={t('people.fields.certificationsHint')} withAsterisk value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={err('certifications')} clearable data-testid="field-certifications" />
              )}
            />
          )}
          <Textarea label={t('people.fields.professionalExperience')} withAsterisk autosize minRows={2} {...register('professional_experience')} error={err('professional_experience')} data-testid="field-experience" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Textarea label={t('people.fields.qualifications')} autosize minRows={2} {...register('Qualifications')} />
            <Textarea label={t('people.fields.notes')} autosize minRows={2} {...register('notes')} />
          </SimpleGrid>
        </FormSection>

        <FormSection icon={<IconBuildingHospital size={20} />} title={t('people.sections.workPlaces')} hint={t('people.sections.workPlacesHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller control={control} name="clinics" render={({ field }) => <MultiSelect label={t('people.fields.clinics')} value={field.value} onChange={field.onChange} {...refSelectProps(clinics)} data-testid="field-clinics" />} />
            <Controller control={control} name="specializations" render={({ field }) => <MultiSelect label={t('people.fields.specialities')} value={field.value} onChange={field.onChange} {...refSelectProps(specialities)} />} />
            {planAllows(plan, 'department') && (
              <Controller control={control} name="departmentId" render={({ field }) => <Select label={t('people.fields.department')} value={field.value} onChange={field.onChange} clearable {...refSelectProps(departments)} />} />
            )}
            {planAllows(plan, 'complex') && (
              <Controller control={control} name="clinicCollectionId" render={({ field }) => <Select label={t('people.fields.medicalComplex')} value={field.value} onChange={field.onChange} clearable {...refSelectProps(complexes)} />} />
            )}
          </SimpleGrid>
        </FormSection>

        <FormSection
          icon={<IconClockHour4 size={20} />}
          title={t('people.sections.workingHours')}
          hint={t('people.sections.workingHoursHint')}
          action={
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => hours.append({ day: 'Sunday', startTime: '09:00', endTime: '17:00' })} data-testid="add-working-hours">
              {t('people.actions.addShift')}
            </Button>
          }
          testId="section-working-hours"
        >
          {err('workingHours') && <Text c="red" size="sm">{err('workingHours')}</Text>}
          <Stack gap="sm">
            {hours.fields.map((row, index) => (
              <Paper key={row.id} withBorder p="sm" radius="md" data-testid={`working-hours-row-${index}`}>
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Controller
                    control={control}
                    name={`workingHours.${index}.day`}
                    render={({ field }) => (
                      <Select aria-label={t('people.fields.day')} data={EMPLOYEE_DAYS.map(option('days'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`workingHours.${index}.day`)} w={{ base: '100%', xs: 160 }} allowDeselect={false} comboboxProps={{ withinPortal: true }} data-testid={`working-hours-day-${index}`} />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`workingHours.${index}.startTime`}
                    render={({ field }) => <TimeField aria-label={t('people.fields.startTime')} value={field.value} onChange={field.onChange} error={err(`workingHours.${index}.startTime`)} w={{ base: '45%', xs: 130 }} data-testid={`working-hours-start-${index}`} />}
                  />
                  <Controller
                    control={control}
                    name={`workingHours.${index}.endTime`}
                    render={({ field }) => <TimeField aria-label={t('people.fields.endTime')} value={field.value} onChange={field.onChange} error={err(`workingHours.${index}.endTime`)} w={{ base: '45%', xs: 130 }} data-testid={`working-hours-end-${index}`} />}
                  />
                  <Tooltip label={t('people.actions.removeRow')}>
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => hours.remove(index)} aria-label={t('people.actions.removeRow')}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Paper>
            ))}
          </Stack>
        </FormSection>

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <FormSection
            icon={<IconCoffee size={20} />}
            title={t('people.sections.breakTimes')}
            hint={t('people.sections.breakTimesHint')}
            action={
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => breaks.append({ startTime: '13:00', endTime: '13:30' })} data-testid="add-break">
                {t('people.actions.addBreak')}
              </Button>
            }
          >
            {breaks.fields.length === 0 && <Text size="sm" c="dimmed">{t('people.empty.breaks')}</Text>}
            {breaks.fields.map((row, index) => (
              <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
                <Controller control={control} name={`breakTimes.${index}.startTime`} render={({ field }) => <TimeField aria-label={t('people.fields.startTime')} value={field.value} onChange={field.onChange} error={err(`breakTimes.${index}.startTime`)} style={{ flex: 1 }} />} />
                <Controller control={control} name={`breakTimes.${index}.endTime`} render={({ field }) => <TimeField aria-label={t('people.fields.endTime')} value={field.value} onChange={field.onChange} error={err(`breakTimes.${index}.endTime`)} style={{ flex: 1 }} />} />
                <ActionIcon variant="subtle" color="red" size="lg" onClick={() => breaks.remove(index)} aria-label={t('people.actions.removeRow')}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
          </FormSection>

          <FormSection
            icon={<IconBeach size={20} />}
            title={t('people.sections.vacations')}
            hint={t('people.sections.vacationsHint')}
            action={
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => vacations.append({ leaveStartDate: '', leaveEndDate: '', leaveType: 'Vacation', status: 'Pending' })} data-testid="add-vacation">
                {t('people.actions.addVacation')}
              </Button>
            }
          >
            {vacations.fields.length === 0 && <Text size="sm" c="dimmed">{t('people.empty.vacations')}</Text>}
            {vacations.fields.map((row, index) => (
              <Paper key={row.id} withBorder p="sm" radius="md">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Controller control={control} name={`vacationRecords.${index}.leaveStartDate`} render={({ field }) => <DateField label={t('people.fields.leaveStart')} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`vacationRecords.${index}.leaveStartDate`)} size="sm" />} />
                  <Controller control={control} name={`vacationRecords.${index}.leaveEndDate`} render={({ field }) => <DateField label={t('people.fields.leaveEnd')} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`vacationRecords.${index}.leaveEndDate`)} size="sm" />} />
                  <Controller control={control} name={`vacationRecords.${index}.leaveType`} render={({ field }) => <Select label={t('people.fields.leaveType')} data={EMPLOYEE_LEAVE_TYPES.map(option('leaveTypes'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`vacationRecords.${index}.leaveType`)} size="sm" allowDeselect={false} comboboxProps={{ withinPortal: true }} />} />
                  <Group align="flex-end" gap="xs" wrap="nowrap">
                    <Controller control={control} name={`vacationRecords.${index}.status`} render={({ field }) => <Select label={t('people.fields.leaveStatus')} data={EMPLOYEE_LEAVE_STATUSES.map(option('leaveStatuses'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={err(`vacationRecords.${index}.status`)} size="sm" allowDeselect={false} style={{ flex: 1 }} comboboxProps={{ withinPortal: true }} />} />
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => vacations.remove(index)} aria-label={t('people.actions.removeRow')}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </SimpleGrid>
              </Paper>
            ))}
          </FormSection>
        </SimpleGrid>

        {serverError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {serverError}
          </Alert>
        )}
        {Object.keys(formState.errors).length > 0 && formState.isSubmitted && (
          <Text c="red" size="sm" role="alert">
            {t('people.form.fixErrors')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="employee-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
