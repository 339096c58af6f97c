import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import {
  IconAddressBook,
  IconFirstAidKit,
  IconHeartbeat,
  IconNotes,
  IconPlus,
  IconShieldCheck,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BLOOD_TYPES,
  PATIENT_GENDERS,
  PATIENT_LANGUAGES,
  PATIENT_MARITAL_STATUSES,
  PATIENT_NAME_MAX,
  PATIENT_NATIONALITIES,
  PATIENT_NOTE_MAX,
  parseDateText,
  patientInput,
  type PatientData,
} from '@clinic/shared';
import { dateInputFormat } from '@/lib/dates';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
import type { PatientImageChange } from '../api/patient-form-data';
import type { PatientFormValues } from './patient-form-values';
import { PatientPhotoField } from './patient-photo-field';

interface PatientFormProps {
  mode: 'add' | 'edit';
  defaultValues: PatientFormValues;
  /** The saved picture when editing. */
  currentImage?: string | null;
  /** Sends the validated form; a rejected promise with field errors puts them on the fields. */
  onSubmit: (values: PatientData, image: PatientImageChange) => Promise<unknown>;
  onCancel: () => void;
}

/** Dates typed as 1990-01-05 or "January 5, 1990" (the format the field shows). */
const dateParser: DateInputProps['dateParser'] = (input) => parseDateText(input);

/** Keeps left-to-right text such as "A+" intact inside right-to-left sentences. */
const ltr = (text: string) => `\u2066${text}\u2069`;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function FormSection({ icon, title, hint, children, action, testId }: { icon: ReactNode; title: string; hint: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={3} fz="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            </Stack>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

const resolver = zodResolver(patientInput) as unknown as Resolver<PatientFormValues, unknown, PatientData>;

/**
 * The patient form (add and edit): identity, contact, medical information, emergency contacts, insurance
 * and a first note. Validated with the same schema the API uses.
 */
export function PatientForm({ mode, defaultValues, currentImage = null, onSubmit, onCancel }: PatientFormProps) {
  const { t, i18n } = useTranslation();
  const dateFormat = dateInputFormat(i18n.language);
  const [image, setImage] = useState<PatientImageChange>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PatientFormValues, unknown, PatientData>({ resolver, defaultValues, mode: 'onTouched' });
  const contacts = useFieldArray({ control, name: 'emergencyContacts' });
  const insurances = useFieldArray({ control, name: 'insurances' });

  const err = (e: FieldError | undefined) => translateMessage(e?.message);
  const label = (key: string) => t(`patients.form.fields.${key}`);
  const options = <T extends string>(values: readonly T[], prefix?: string) =>
    values.map((value) => ({ value, label: prefix ? t(`${prefix}.${value}`) : value }));

  const submit = handleSubmit(async (values) => {
    setImageError(null);
    try {
      await onSubmit(values, image);
    } catch (error) {
      applyFieldErrors(error, setError);
      if (isApiError(error) && error.fields?.image) setImageError(error.fields.image);
    }
  });

  const insuranceRows = watch('insurances');

  return (
    <form onSubmit={submit} noValidate data-testid="patient-form">
      <Stack gap="lg">
        <FormSection icon={<IconUser size={20} />} title={t('patients.form.sections.personal')} hint={t('patients.form.sections.personalHint')}>
          <PatientPhotoField currentUrl={currentImage} name={watch('name')} value={image} onChange={setImage} error={imageError} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
            <TextInput label={label('name')} placeholder={label('namePlaceholder')} withAsterisk maxLength={PATIENT_NAME_MAX + 10} autoComplete="off" error={err(errors.name)} {...register('name')} />
            <TextInput label={label('identity')} placeholder={label('identityPlaceholder')} withAsterisk maxLength={30} autoComplete="off" error={err(errors.identity)} {...register('identity')} />
            <Controller
              control={control}
              name="dateOfBirth"
              render={({ field }) => (
                <DateInput
                  label={label('dateOfBirth')}
                  placeholder={label('dateOfBirthPlaceholder')}
                  withAsterisk
                  valueFormat={dateFormat}
                  dateParser={dateParser}
                  maxDate={today()}
                  defaultLevel="decade"
                  clearable
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={err(errors.dateOfBirth)}
                  data-testid="patient-dob"
                />
              )}
            />
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Select label={label('gender')} withAsterisk data={options(PATIENT_GENDERS, 'patients.genders')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.gender)} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="nationality"
              render={({ field }) => (
                <Select label={label('nationality')} placeholder={label('nationalityPlaceholder')} withAsterisk searchable nothingFoundMessage="—" data={options(PATIENT_NATIONALITIES, 'patients.nationalities')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.nationality)} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="marital_status"
              render={({ field }) => (
                <Select label={label('maritalStatus')} withAsterisk data={options(PATIENT_MARITAL_STATUSES, 'patients.marital')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.marital_status)} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="number_children"
              render={({ field }) => (
                <NumberInput label={label('numberChildren')} min={0} max={30} allowDecimal={false} clampBehavior="none" value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.number_children)} />
              )}
            />
            <TextInput label={label('occupation')} placeholder={label('occupationPlaceholder')} withAsterisk maxLength={200} error={err(errors.professiona_experi)} {...register('professiona_experi')} />
            <Controller
              control={control}
              name="evaluation"
              render={({ field }) => (
                <NumberInput label={label('evaluation')} placeholder={label('evaluationPlaceholder')} min={0} max={5} step={1} clampBehavior="none" value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.evaluation)} />
              )}
            />
            <Controller
              control={control}
              name="languages"
              render={({ field }) => (
                <MultiSelect label={label('languages')} placeholder={field.value.length ? undefined : label('languagesPlaceholder')} data={options(PATIENT_LANGUAGES, 'patients.languages')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.languages as FieldError | undefined)} comboboxProps={{ withinPortal: true }} />
              )}
            />
            <Controller
              control={control}
              name="preferredLanguage"
              render={({ field }) => (
                <Select label={label('preferredLanguage')} clearable data={options(PATIENT_LANGUAGES, 'patients.languages')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.preferredLanguage)} comboboxProps={{ withinPortal: true }} />
              )}
            />
          </SimpleGrid>
          {mode === 'edit' && (
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <Switch label={label('status')} description={label('statusHint')} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} ref={field.ref} name={field.name} />
              )}
            />
          )}
        </FormSection>

        <FormSection icon={<IconAddressBook size={20} />} title={t('patients.form.sections.contact')} hint={t('patients.form.sections.contactHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={label('phone')} placeholder={label('phonePlaceholder')} withAsterisk type="tel" inputMode="tel" autoComplete="off" maxLength={25} error={err(errors.phone)} {...register('phone')} />
            <TextInput label={label('email')} placeholder={label('emailPlaceholder')} type="email" autoComplete="off" maxLength={120} error={err(errors.email)} {...register('email')} />
          </SimpleGrid>
          <Textarea label={label('address')} placeholder={label('addressPlaceholder')} withAsterisk autosize minRows={2} maxLength={200} error={err(errors.address)} {...register('address')} />
        </FormSection>

        <FormSection icon={<IconHeartbeat size={20} />} title={t('patients.form.sections.medical')} hint={t('patients.form.sections.medicalHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="blood_type"
              render={({ field }) => (
                <Select label={label('bloodType')} withAsterisk data={BLOOD_TYPES.map((value) => ({ value, label: ltr(value) }))} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.blood_type)} comboboxProps={{ withinPortal: true }} data-testid="patient-blood-type" />
              )}
            />
            <Controller
              control={control}
              name="height"
              render={({ field }) => (
                <NumberInput label={label('height')} min={1} max={300} clampBehavior="none" decimalScale={1} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.height)} />
              )}
            />
            <Controller
              control={control}
              name="weight"
              render={({ field }) => (
                <NumberInput label={label('weight')} min={1} max={700} clampBehavior="none" decimalScale={1} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.weight)} />
              )}
            />
            <Controller
              control={control}
              name="Smoking"
              render={({ field }) => (
                <Radio.Group label={label('smoking')} withAsterisk value={field.value} onChange={(value) => field.onChange(value)} name={field.name} error={err(errors.Smoking)}>
                  <Group gap="lg" mt={10}>
                    <Radio value="yes" label={label('smoker')} ref={field.ref} onBlur={field.onBlur} />
                    <Radio value="no" label={label('nonSmoker')} onBlur={field.onBlur} />
                  </Group>
                </Radio.Group>
              )}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="Surgical_History"
              render={({ field }) => (
                <DateInput label={label('surgicalHistory')} valueFormat={dateFormat} dateParser={dateParser} maxDate={today()} clearable value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.Surgical_History)} />
              )}
            />
            <TextInput label={label('currentMedications')} placeholder={label('currentMedicationsPlaceholder')} maxLength={500} error={err(errors.Current_Medications)} {...register('Current_Medications')} />
          </SimpleGrid>
          <Textarea label={label('lifestyleFactors')} placeholder={label('lifestyleFactorsPlaceholder')} autosize minRows={2} maxLength={500} error={err(errors.lifestyleFactors)} {...register('lifestyleFactors')} />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="allergies"
              render={({ field }) => (
                <TagsInput label={label('allergies')} placeholder={label('allergiesPlaceholder')} maxTags={50} clearable value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.allergies as FieldError | undefined)} data-testid="patient-allergies" />
              )}
            />
            <Controller
              control={control}
              name="ChronicDiseases"
              render={({ field }) => (
                <TagsInput label={label('chronicDiseases')} placeholder={label('chronicDiseasesPlaceholder')} maxTags={50} clearable value={field.value.map((d) => d.disease_name)} onChange={(names) => field.onChange(names.map((disease_name) => ({ disease_name })))} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.ChronicDiseases as FieldError | undefined)} />
              )}
            />
            <Controller
              control={control}
              name="familyMedicalHistory"
              render={({ field }) => (
                <TagsInput label={label('familyHistory')} placeholder={label('familyHistoryPlaceholder')} maxTags={50} clearable value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.familyMedicalHistory as FieldError | undefined)} />
              )}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection
          icon={<IconFirstAidKit size={20} />}
          title={t('patients.form.sections.emergency')}
          hint={t('patients.form.sections.emergencyHint')}
          testId="emergency-contacts"
          action={
            <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={() => contacts.append({ name: '', phone: '', relationToPatient: '' })} disabled={contacts.fields.length >= 10} data-testid="add-emergency-contact">
              {label('addContact')}
            </Button>
          }
        >
          {contacts.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {label('noContacts')}
            </Text>
          )}
          {contacts.fields.map((row, index) => (
            <Paper key={row.id} withBorder p="md" radius="md" data-testid={`emergency-contact-${index}`}>
              <Group justify="space-between" mb="xs">
                <Text size="sm" fw={600}>
                  {t('patients.form.fields.contactNumber', { index: index + 1 })}
                </Text>
                <Tooltip label={t('patients.form.fields.removeContact', { index: index + 1 })}>
                  <ActionIcon variant="subtle" color="red" onClick={() => contacts.remove(index)} aria-label={t('patients.form.fields.removeContact', { index: index + 1 })}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                <TextInput label={label('contactName')} withAsterisk maxLength={60} error={err(errors.emergencyContacts?.[index]?.name)} {...register(`emergencyContacts.${index}.name`)} />
                <TextInput label={label('contactPhone')} withAsterisk type="tel" inputMode="tel" maxLength={25} error={err(errors.emergencyContacts?.[index]?.phone)} {...register(`emergencyContacts.${index}.phone`)} />
                <TextInput label={label('relation')} placeholder={label('relationPlaceholder')} withAsterisk maxLength={40} error={err(errors.emergencyContacts?.[index]?.relationToPatient)} {...register(`emergencyContacts.${index}.relationToPatient`)} />
              </SimpleGrid>
            </Paper>
          ))}
        </FormSection>

        <FormSection
          icon={<IconShieldCheck size={20} />}
          title={t('patients.form.sections.insurance')}
          hint={t('patients.form.sections.insuranceHint')}
          action={
            <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={() => insurances.append({ insuranceType: '', expiryDate: null })} disabled={insurances.fields.length >= 10} data-testid="add-insurance">
              {label('addInsurance')}
            </Button>
          }
        >
          {insurances.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {label('noInsurances')}
            </Text>
          )}
          {insurances.fields.map((row, index) => {
            const expiry = insuranceRows?.[index]?.expiryDate;
            return (
              <Paper key={row.id} withBorder p="md" radius="md" data-testid={`insurance-${index}`}>
                <Group justify="space-between" mb="xs">
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {t('patients.form.fields.insuranceNumber', { index: index + 1 })}
                    </Text>
                    {expiry && (
                      <Badge size="sm" color={expiry >= today() ? 'teal' : 'gray'} variant="light" tt="none">
                        {expiry >= today() ? t('patients.details.insurance.active') : t('patients.details.insurance.inactive')}
                      </Badge>
                    )}
                  </Group>
                  <Tooltip label={t('patients.form.fields.removeInsurance', { index: index + 1 })}>
                    <ActionIcon variant="subtle" color="red" onClick={() => insurances.remove(index)} aria-label={t('patients.form.fields.removeInsurance', { index: index + 1 })}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  <TextInput label={label('insuranceType')} placeholder={label('insuranceTypePlaceholder')} withAsterisk maxLength={60} error={err(errors.insurances?.[index]?.insuranceType)} {...register(`insurances.${index}.insuranceType`)} />
                  <Controller
                    control={control}
                    name={`insurances.${index}.expiryDate`}
                    render={({ field }) => (
                      <DateInput label={label('expiryDate')} withAsterisk valueFormat={dateFormat} dateParser={dateParser} clearable value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} error={err(errors.insurances?.[index]?.expiryDate)} />
                    )}
                  />
                </SimpleGrid>
              </Paper>
            );
          })}
        </FormSection>

        {mode === 'add' && (
          <FormSection icon={<IconNotes size={20} />} title={t('patients.form.sections.notes')} hint={t('patients.form.sections.notesHint')}>
            <Textarea label={label('notes')} placeholder={label('notesPlaceholder')} autosize minRows={3} maxLength={PATIENT_NOTE_MAX} error={err(errors.notes)} {...register('notes')} />
          </FormSection>
        )}

        <Card py="md" style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('patients.form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="patient-submit">
              {mode === 'add' ? t('patients.form.save') : t('patients.form.saveChanges')}
            </Button>
          </Group>
        </Card>
      </Stack>
    </form>
  );
}
