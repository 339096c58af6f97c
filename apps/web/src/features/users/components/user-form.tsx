import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert, Badge, Button, Card, Checkbox, Group, MultiSelect, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Table, Tabs,
  Text, TextInput,
} from '@mantine/core';
import { DateField } from '@/features/employees/components/date-field';
import { IconAlertCircle, IconBriefcase, IconFiles, IconId, IconUser } from '@tabler/icons-react';
import { Controller, get, useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EMPLOYEE_DAYS, EMPLOYEE_DOCUMENT_KINDS, EMPLOYEE_GENDERS, EMPLOYEE_JOB_TYPES, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_NATIONALITIES,
  EMPLOYEE_TYPES, USER_FORM_TABS, userFormSchema, type EmployeeDay,
} from '@clinic/shared';
import { useReferenceList } from '@/features/employees/api/get-reference-lists';
import { EmployeeImageField } from '@/features/employees/components/employee-image-field';
import { TimeField } from '@/features/employees/components/time-field';
import { isApiError, translateMessage } from '@/lib/http';
import { DocumentDrop } from './document-drop';
import { sortDays, type UserFormValues } from './user-form-values';

type TabKey = (typeof USER_FORM_TABS)[number]['key'];
const TAB_KEYS = USER_FORM_TABS.map((tab) => tab.key);
const USER_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'PIC');

/** Server field paths (employees API) as the user form's fields. */
const SERVER_FIELDS: Record<string, Path<UserFormValues>> = {
  name: 'fullName',
  username: 'username',
  password: 'password',
  confirmPassword: 'confirmPassword',
  email: 'email',
  identity: 'identity',
  roleIds: 'roleIds',
  employeeType: 'employeeType',
  'contactInfos.0.value': 'phoneNumber1',
  'contactInfos.1.value': 'phoneNumber2',
  address: 'streetName',
  hireDate: 'hireDate',
  dateOfBirth: 'dateOfBirth',
  workingHours: 'workingHours',
  picture: 'image',
  image: 'image',
  'documents.cv.file': 'documents.cv.file',
  'documents.workPermit.file': 'documents.workPermit.file',
  'documents.certifications.file': 'documents.certifications.file',
  'documents.employmentContract.file': 'documents.employmentContract.file',
};

/** The first tab (in order) holding one of the errors. */
export function firstTabWithError(errors: FieldErrors<UserFormValues> | Record<string, unknown>): TabKey | null {
  for (const tab of USER_FORM_TABS) {
    if (tab.fields.some((field) => get(errors, field))) return tab.key;
  }
  return null;
}

interface UserFormProps {
  mode: 'add' | 'edit';
  defaultValues: UserFormValues;
  currentImageUrl?: string | null;
  /** Sends the validated form; a rejected ApiError with fields puts its messages on the fields. */
  onSubmit: (values: UserFormValues, imageRemoved: boolean) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The user account form in four tabs: Account, Personal, Employment and Documents. Next validates the
 * tab before moving on; Save validates everything and jumps to the first tab with an error.
 */
export function UserForm({ mode, defaultValues, currentImageUrl = null, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('account');
  const [serverError, setServerError] = useState<string | null>(null);
  const [imageRemoved, setImageRemoved] = useState(false);
  const form = useForm<UserFormValues>({
    defaultValues,
    resolver: zodResolver(userFormSchema(mode)) as unknown as Resolver<UserFormValues>,
    // Add: errors show once a field was touched; edit: only on submit (the spec).
    mode: mode === 'add' ? 'onTouched' : 'onSubmit',
  });
  const { control, register, formState, watch, setValue, trigger, setError } = form;
  const roles = useReferenceList('roles');
  const clinics = useReferenceList('clinics');
  const index = TAB_KEYS.indexOf(tab);
  const last = index === TAB_KEYS.length - 1;
  const employeeType = watch('employeeType');
  const workingHours = watch('workingHours');
  const fullName = watch('fullName');

  const err = (path: string): string | undefined => translateMessage((get(formState.errors, path) as { message?: string } | undefined)?.message);
  const option = (group: string) => (value: string) => ({ value, label: t(`people.${group}.${value}`, { defaultValue: value }) });
  const readOnly = mode === 'edit';

  const next = async () => {
    const fields = USER_FORM_TABS[index]!.fields as unknown as Path<UserFormValues>[];
    if (await trigger(fields, { shouldFocus: true })) {
      setTab(TAB_KEYS[index + 1]!);
      return;
    }
    // The tab's fields now count as touched, so each message goes away as soon as its field is fixed
    // (not on the next blur, which would move the buttons under the pointer).
    for (const name of fields) setValue(name, form.getValues(name), { shouldTouch: true });
  };

  const submit = form.handleSubmit(
    async (values) => {
      setServerError(null);
      try {
        await onSubmit(values, imageRemoved);
      } catch (error) {
        if (isApiError(error) && error.fields) {
          const unmapped: string[] = [];
          for (const [path, message] of Object.entries(error.fields)) {
            const field = SERVER_FIELDS[path] ?? (path.startsWith('workingHours') ? 'workingHours' : undefined);
            if (field) setError(field, { type: 'server', message });
            else unmapped.push(message);
          }
          const target = firstTabWithError(Object.fromEntries(Object.keys(error.fields).map((p) => [SERVER_FIELDS[p] ?? p, true])));
          if (target) setTab(target);
          setServerError(unmapped.length ? unmapped.join(' · ') : error.message);
          return;
        }
        setServerError(isApiError(error) ? error.message : t('errors.unexpected'));
      }
    },
    (errors) => {
      const target = firstTabWithError(errors);
      if (target) setTab(target);
    },
  );

  const tabHasError = (key: TabKey) => USER_FORM_TABS.find((x) => x.key === key)!.fields.some((f) => get(formState.errors, f));

  const toggleDay = (day: EmployeeDay, on: boolean) => {
    const current = form.getValues('workingHours');
    const nextDays = on
      ? sortDays([...current, { day, shift1: { startTime: '', endTime: '' }, shift2: { startTime: '', endTime: '' } }])
      : current.filter((d) => d.day !== day);
    setValue('workingHours', nextDays, { shouldDirty: true, shouldValidate: formState.isSubmitted || Boolean(formState.touchedFields.workingHours) });
  };

  const tabIcon = { account: <IconId size={16} />, personal: <IconUser size={16} />, employment: <IconBriefcase size={16} />, documents: <IconFiles size={16} /> };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="user-form">
      <Card padding={0}>
        <Tabs value={tab} onChange={(v) => v && setTab(v as TabKey)} keepMounted>
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
            {TAB_KEYS.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                leftSection={tabIcon[key]}
                rightSection={tabHasError(key) ? <Badge size="xs" color="red" circle>!</Badge> : null}
                data-testid={`user-tab-${key}`}
              >
                {t(`users.form.tabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="account" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('users.form.userName')} withAsterisk readOnly={readOnly} variant={readOnly ? 'filled' : 'default'} autoComplete="off" {...register('username')} error={err('username')} data-testid="user-username" />
              <Controller
                control={control}
                name="employeeType"
                render={({ field }) => (
                  <Select label={t('users.form.userType')} withAsterisk readOnly={readOnly} variant={readOnly ? 'filled' : 'default'} data={USER_TYPES.map((v) => ({ value: v, label: t(`users.form.userTypes.${v}`) }))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('employeeType')} comboboxProps={{ withinPortal: true }} data-testid="user-type" />
                )}
              />
              {mode === 'add' ? (
                <>
                  <PasswordInput label={t('users.form.password')} description={t('myProfile.password.rules')} inputWrapperOrder={['label', 'input', 'description', 'error']} withAsterisk autoComplete="new-password" {...register('password')} error={err('password')} data-testid="user-password" />
                  <PasswordInput label={t('users.form.confirmPassword')} withAsterisk autoComplete="new-password" {...register('confirmPassword')} error={err('confirmPassword')} data-testid="user-confirm-password" />
                </>
              ) : (
                <PasswordInput label={t('users.form.password')} value="••••••••" readOnly variant="filled" description={t('users.form.passwordReadOnly')} />
              )}
              <Controller
                control={control}
                name="roleIds"
                render={({ field }) => (
                  <MultiSelect label={t('users.form.roles')} withAsterisk searchable data={(roles.data ?? []).map((r) => ({ ...r, label: t(`common.roles.${r.label}`, { defaultValue: r.label }) }))} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={err('roleIds')} nothingFoundMessage={t('users.form.noRoles')} placeholder={roles.data?.length ? undefined : t('users.form.noRoles')} comboboxProps={{ withinPortal: true }} data-testid="user-roles" />
                )}
              />
            </SimpleGrid>
          </Tabs.Panel>

          <Tabs.Panel value="personal" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Controller
                control={control}
                name="image"
                render={({ field }) => (
                  <EmployeeImageField
                    name={fullName}
                    currentUrl={currentImageUrl}
                    file={field.value}
                    removed={imageRemoved}
                    error={err('image')}
                    accept="image/*"
                    hint={t('users.form.pictureHint')}
                    testId="user-picture"
                    onChange={(next) => {
                      field.onChange(next.file);
                      setImageRemoved(next.removed);
                      void trigger('image');
                    }}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={t('users.form.fullName')} withAsterisk {...register('fullName')} error={err('fullName')} data-testid="user-fullName" />
                <Controller control={control} name="gender" render={({ field }) => <Select label={t('people.fields.gender')} withAsterisk data={EMPLOYEE_GENDERS.map(option('genders'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('gender')} comboboxProps={{ withinPortal: true }} data-testid="user-gender" />} />
                <Controller control={control} name="dateOfBirth" render={({ field }) => <DateField label={t('people.fields.dateOfBirth')} withAsterisk value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('dateOfBirth')} data-testid="user-dateOfBirth" />} />
                <TextInput label={t('users.form.cardNumber')} withAsterisk readOnly={readOnly} variant={readOnly ? 'filled' : 'default'} {...register('identity')} error={err('identity')} data-testid="user-identity" />
                <Controller control={control} name="nationality" render={({ field }) => <Select label={t('people.fields.nationality')} withAsterisk searchable data={EMPLOYEE_NATIONALITIES.map(option('nationalities'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('nationality')} comboboxProps={{ withinPortal: true }} data-testid="user-nationality" />} />
                <Controller control={control} name="marital_status" render={({ field }) => <Select label={t('people.fields.maritalStatus')} withAsterisk data={EMPLOYEE_MARITAL_STATUSES.map(option('maritalStatuses'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('marital_status')} comboboxProps={{ withinPortal: true }} data-testid="user-marital" />} />
                <Controller control={control} name="number_children" render={({ field }) => <NumberInput label={t('people.fields.numberOfChildren')} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} allowDecimal={false} error={err('number_children')} />} />
                <TextInput label={t('users.form.email')} withAsterisk type="email" readOnly={readOnly} variant={readOnly ? 'filled' : 'default'} {...register('email')} error={err('email')} data-testid="user-email" />
                <TextInput label={t('users.form.phone1')} withAsterisk type="tel" {...register('phoneNumber1')} error={err('phoneNumber1')} data-testid="user-phone1" />
                <TextInput label={t('users.form.phone2')} type="tel" {...register('phoneNumber2')} error={err('phoneNumber2')} />
              </SimpleGrid>
              <Text fw={600} size="sm" mt="xs">{t('users.form.address')}</Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                <TextInput label={t('users.form.buildingNumber')} {...register('buildingNumber')} error={err('buildingNumber')} />
                <TextInput label={t('users.form.streetName')} withAsterisk {...register('streetName')} error={err('streetName')} data-testid="user-street" />
                <TextInput label={t('users.form.region')} withAsterisk {...register('region')} error={err('region')} data-testid="user-region" />
                <TextInput label={t('users.form.country')} withAsterisk {...register('country')} error={err('country')} data-testid="user-country" />
              </SimpleGrid>
              <Text fw={600} size="sm" mt="xs">{t('users.form.emergencyContact')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput label={t('users.form.emergencyName')} withAsterisk {...register('emergencyContactName')} error={err('emergencyContactName')} data-testid="user-emergency-name" />
                <TextInput label={t('users.form.relationship')} withAsterisk {...register('emergencyRelationship')} error={err('emergencyRelationship')} data-testid="user-emergency-relationship" />
                <TextInput label={t('users.form.emergencyNumber')} withAsterisk type="tel" {...register('emergencyContactPhone')} error={err('emergencyContactPhone')} data-testid="user-emergency-phone" />
              </SimpleGrid>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="employment" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller control={control} name="jobType" render={({ field }) => <Select label={t('people.fields.jobType')} withAsterisk data={EMPLOYEE_JOB_TYPES.map(option('jobTypes'))} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('jobType')} comboboxProps={{ withinPortal: true }} data-testid="user-jobType" />} />
                <TextInput label={employeeType === 'Doctor' ? t('users.form.speciality') : t('people.fields.jobTitle')} withAsterisk {...register('jobTitle')} error={err('jobTitle')} data-testid="user-jobTitle" />
                <Controller control={control} name="hireDate" render={({ field }) => <DateField label={t('people.fields.hireDate')} withAsterisk value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={err('hireDate')} data-testid="user-hireDate" />} />
                <Controller control={control} name="clinics" render={({ field }) => <MultiSelect label={t('users.form.workPlaces')} searchable data={clinics.data ?? []} value={field.value} onChange={field.onChange} nothingFoundMessage={t('people.noSpecialization')} placeholder={clinics.data?.length ? undefined : t('users.form.noClinics')} disabled={!clinics.data?.length} comboboxProps={{ withinPortal: true }} />} />
              </SimpleGrid>
              <Stack gap={4}>
                <Text fw={600} size="sm">{t('users.form.workingDays')} <Text span c="red">*</Text></Text>
                <Text size="xs" c="dimmed">{t('users.form.workingDaysHint')}</Text>
              </Stack>
              {err('workingHours') && <Text c="red" size="sm" data-testid="working-days-error">{err('workingHours')}</Text>}
              <Table.ScrollContainer minWidth={640} type="native">
                <Table verticalSpacing="xs" data-testid="working-days">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('people.fields.day')}</Table.Th>
                      <Table.Th>{t('users.form.shift1')}</Table.Th>
                      <Table.Th>{t('users.form.shift2')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {EMPLOYEE_DAYS.map((day) => {
                      const i = workingHours.findIndex((d) => d.day === day);
                      const on = i >= 0;
                      const time = (shift: 'shift1' | 'shift2', edge: 'startTime' | 'endTime') => {
                        const label = `${t(`people.days.${day}`)} ${t(`users.form.${shift}`)} ${t(edge === 'startTime' ? 'people.fields.startTime' : 'people.fields.endTime')}`;
                        const testId = `day-${day}-${shift}-${edge}`;
                        // Unticked days are not part of the form: their inputs are shown disabled.
                        if (!on) return <TimeField aria-label={label} value="" onChange={() => undefined} disabled w={120} data-testid={testId} />;
                        return (
                          <Controller
                            key={`${day}-${shift}-${edge}-${i}`}
                            control={control}
                            name={`workingHours.${i}.${shift}.${edge}`}
                            render={({ field }) => (
                              <TimeField aria-label={label} value={field.value} onChange={field.onChange} error={err(`workingHours.${i}.${shift}.${edge}`)} w={120} data-testid={testId} />
                            )}
                          />
                        );
                      };
                      return (
                        <Table.Tr key={day}>
                          <Table.Td>
                            <Checkbox label={t(`people.days.${day}`)} checked={on} onChange={(e) => toggleDay(day, e.currentTarget.checked)} data-testid={`day-${day}`} />
                          </Table.Td>
                          <Table.Td><Group gap={6} wrap="nowrap">{time('shift1', 'startTime')}<Text c="dimmed">–</Text>{time('shift1', 'endTime')}</Group></Table.Td>
                          <Table.Td><Group gap={6} wrap="nowrap">{time('shift2', 'startTime')}<Text c="dimmed">–</Text>{time('shift2', 'endTime')}</Group></Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="documents" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {EMPLOYEE_DOCUMENT_KINDS.map((kind) => (
                <Card key={kind} withBorder shadow="none" padding="md">
                  <Stack gap="sm">
                    <Controller
                      control={control}
                      name={`documents.${kind}`}
                      render={({ field }) => (
                        <DocumentDrop
                          label={`${t(`users.documents.${kind}`)}${kind === 'cv' ? ' *' : ''}`}
                          hint={kind === 'workPermit' || kind === 'certifications' ? t('users.documents.doctorsOnly') : undefined}
                          value={field.value}
                          onChange={(next) => {
                            field.onChange(next);
                            if (formState.isSubmitted) void trigger('documents');
                          }}
                          error={err(`documents.${kind}.file`)}
                          testId={`document-${kind}`}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`documents.${kind}.effectiveDate`}
                      render={({ field }) => (
                        <DateField label={t('users.documents.effectiveDate')} value={field.value || null} onChange={(v) => field.onChange(v || null)} clearable size="sm" data-testid={`document-${kind}-date`} />
                      )}
                    />
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        </Tabs>
      </Card>

      {serverError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mt="md" data-testid="user-form-error">
          {serverError}
        </Alert>
      )}
      <Group justify="space-between" mt="md" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>{t('common.actions.cancel')}</Button>
        <Group gap="sm">
          {mode === 'add' && index > 0 && (
            <Button variant="default" onClick={() => setTab(TAB_KEYS[index - 1]!)} data-testid="user-previous">{t('users.form.previous')}</Button>
          )}
          {/*
            Two elements, not one whose type changes: Next moves to the last tab while its click is still being handled,
            and a button turned into Save by then would submit the form as the click's default action.
          */}
          {mode === 'add' && !last ? (
            <Button key="next" type="button" onClick={() => void next()} data-testid="user-next">{t('users.form.next')}</Button>
          ) : (
            <Button key="save" type="submit" loading={formState.isSubmitting} data-testid="user-save">{t('people.actions.save')}</Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
