import { PasswordInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES } from '@clinic/shared';
import { MultiSelectField, SelectField, TextField } from '@/components/form/fields';
import { Controller } from 'react-hook-form';
import { translateMessage } from '@/lib/http';
import { useReferenceList } from '../api/get-reference-lists';
import type { UserFormValues } from './person-form-values';
import { lockedProps, type PersonSectionProps } from './person-sections-shared';

const USER_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'PIC');

/** The account: user name, type, password (a new account only) and roles; on edit the identifiers are shown, not changed. */
export function UserAccountSection({ control, mode }: PersonSectionProps<UserFormValues> & { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const roles = useReferenceList('roles');
  const readOnly = mode === 'edit';
  const password = (name: 'password' | 'confirmPassword', label: string, testId: string, description?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordInput
          label={label}
          description={description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          autoComplete="new-password"
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          // Mantine marks a password's input invalid only for styling: screen readers are told here.
          aria-invalid={Boolean(translateMessage(fieldState.error?.message)) || undefined}
          data-testid={testId}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextField control={control} name="username" label={t('users.form.userName')} required {...lockedProps(readOnly)} autoComplete="off" testId="user-username" />
      <SelectField control={control} name="employeeType" label={t('users.form.userType')} required {...lockedProps(readOnly)} data={USER_TYPES.map((v) => ({ value: v, label: t(`users.form.userTypes.${v}`) }))} testId="user-type" />
      {mode === 'add' ? (
        <>
          {password('password', t('users.form.password'), 'user-password', t('myProfile.password.rules'))}
          {password('confirmPassword', t('users.form.confirmPassword'), 'user-confirm-password')}
        </>
      ) : (
        <PasswordInput label={t('users.form.password')} value="••••••••" readOnly variant="filled" description={t('users.form.passwordReadOnly')} />
      )}
      <MultiSelectField
        control={control}
        name="roleIds"
        label={t('users.form.roles')}
        required
        searchable
        data={(roles.data ?? []).map((r) => ({ ...r, label: t(`common.roles.${r.label}`, { defaultValue: r.label }) }))}
        nothingFoundMessage={t('users.form.noRoles')}
        placeholder={roles.data?.length ? undefined : t('users.form.noRoles')}
        testId="user-roles"
      />
    </SimpleGrid>
  );
}
