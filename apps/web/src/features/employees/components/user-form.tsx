import { useState } from 'react';
import { Badge, Button, Card, Stack, Tabs } from '@mantine/core';
import { IconBriefcase, IconFiles, IconId, IconUser } from '@tabler/icons-react';
import { get, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { USER_FORM_TABS, userFormSchema } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { AccountContactsSection } from './account-contacts-section';
import type { UserFormOutput, UserFormParsed, UserFormValues } from './person-form-values';
import { PersonalSection, type PersonalFields } from './person-personal-section';
import { ACCOUNT_DAYS, HoursSection } from './person-schedule-sections';
import { ProfessionalSection, WorkPlacesSection, type JobFields, type WorkPlaceFields } from './person-work-sections';
import { UserAccountSection } from './user-account-section';
import { UserDocumentsSection } from './user-documents-section';

type TabKey = (typeof USER_FORM_TABS)[number]['key'];
const TAB_KEYS = USER_FORM_TABS.map((tab) => tab.key);
const TAB_ICONS = { account: <IconId size={16} />, personal: <IconUser size={16} />, employment: <IconBriefcase size={16} />, documents: <IconFiles size={16} /> };

type Fields = PersonalFields<UserFormValues> & JobFields<UserFormValues> & WorkPlaceFields<UserFormValues>;

/** The account form's names, labels and marks of the fields it shares with the staff form. */
const FIELDS: Fields = {
  image: { name: 'image', accept: 'image/*', hint: 'users.form.pictureHint', testId: 'user-picture' },
  name: { name: 'fullName', label: 'users.form.fullName', testId: 'user-fullName' },
  gender: { name: 'gender', testId: 'user-gender' },
  dateOfBirth: { name: 'dateOfBirth', testId: 'user-dateOfBirth' },
  identity: { name: 'identity', label: 'users.form.cardNumber', testId: 'user-identity' },
  nationality: { name: 'nationality', required: true, testId: 'user-nationality' },
  maritalStatus: { name: 'marital_status', required: true, testId: 'user-marital' },
  numberOfChildren: { name: 'number_children' },
  employeeType: { name: 'employeeType' },
  jobTitle: { name: 'jobTitle', doctorLabel: 'users.form.speciality', required: true, testId: 'user-jobTitle' },
  jobType: { name: 'jobType', testId: 'user-jobType' },
  hireDate: { name: 'hireDate', testId: 'user-hireDate' },
  clinics: { name: 'clinics', label: 'users.form.workPlaces' },
};

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
  onSubmit: (values: UserFormOutput, imageRemoved: boolean) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The user account form in four tabs: Account, Personal, Employment and Documents. Next validates the
 * tab before moving on; Save validates everything and jumps to the first tab with an error.
 */
export function UserForm({ mode, defaultValues, currentImageUrl = null, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('account');
  const [imageRemoved, setImageRemoved] = useState(false);
  const { form, serverError, onSubmit: submit } = useSchemaForm<UserFormValues, UserFormParsed>({
    schema: userFormSchema(mode),
    defaultValues,
    // Add: errors show once a field was touched; edit: only on submit (the spec).
    mode: mode === 'add' ? 'onTouched' : 'onSubmit',
    serverField: (path) => SERVER_FIELDS[path] ?? (path.startsWith('workingHours') ? 'workingHours' : null),
    keepServerMessage: true,
  });
  const { control, formState, setValue, trigger } = form;
  const index = TAB_KEYS.indexOf(tab);
  const last = index === TAB_KEYS.length - 1;
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

  const openFirstWithError = (errors: FieldErrors<UserFormValues> | Record<string, unknown>) => {
    const target = firstTabWithError(errors);
    if (target) setTab(target);
  };
  const save = submit((values) => onSubmit({ ...values, image: form.getValues('image'), documents: form.getValues('documents') }, imageRemoved), {
    onInvalid: openFirstWithError,
    onServerFields: (fields) => openFirstWithError(Object.fromEntries(fields.map((f) => [f, true]))),
  });
  const tabHasError = (key: TabKey) => USER_FORM_TABS.find((x) => x.key === key)!.fields.some((f) => get(formState.errors, f));

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="user-form">
      <Stack gap="md">
        <Card padding={0}>
          <Tabs value={tab} onChange={(v) => v && setTab(v as TabKey)} keepMounted>
            <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {TAB_KEYS.map((key) => (
                <Tabs.Tab key={key} value={key} leftSection={TAB_ICONS[key]} rightSection={tabHasError(key) ? <Badge size="xs" color="red" circle>!</Badge> : null} data-testid={`user-tab-${key}`}>
                  {t(`users.form.tabs.${key}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="account" p={{ base: 'md', sm: 'lg' }}>
              <UserAccountSection control={control} mode={mode} />
            </Tabs.Panel>
            <Tabs.Panel value="personal" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <PersonalSection
                  control={control}
                  fields={{ ...FIELDS, identity: { ...FIELDS.identity, readOnly } }}
                  currentImageUrl={currentImageUrl}
                  imageRemoved={imageRemoved}
                  // Checked at once (type and size), also on edit where fields are checked on saving.
                  onImageChange={(change) => { setImageRemoved(change.removed); void trigger('image'); }}
                />
                <AccountContactsSection control={control} readOnly={readOnly} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="employment" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <ProfessionalSection control={control} fields={FIELDS} />
                <WorkPlacesSection control={control} fields={FIELDS} />
                <HoursSection control={control} name="workingHours" format={ACCOUNT_DAYS} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="documents" p={{ base: 'md', sm: 'lg' }}>
              <UserDocumentsSection control={control} checkDocuments={() => void trigger('documents')} />
            </Tabs.Panel>
          </Tabs>
        </Card>
        <FormMessage message={serverError} testId="user-form-error" />
        <FormActions submitLabel={t('people.actions.save')} pending={formState.isSubmitting} onCancel={onCancel} submitTestId="user-save" replaceSubmit={mode === 'add' && !last}>
          {mode === 'add' && index > 0 && (
            <Button variant="default" onClick={() => setTab(TAB_KEYS[index - 1]!)} data-testid="user-previous">{t('users.form.previous')}</Button>
          )}
          {/*
            Two elements, not one whose type changes: Next moves to the last tab while its click is still being handled,
            and a button turned into Save by then would submit the form as the click's default action.
          */}
          {mode === 'add' && !last && (
            <Button key="next" type="button" onClick={() => void next()} data-testid="user-next">{t('users.form.next')}</Button>
          )}
        </FormActions>
      </Stack>
    </form>
  );
}
