import { PasswordInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES } from '@clinic/shared';
import { MultiSelectField, PasswordField, SelectField, TextField } from '@/components/form/fields';
import { useReferenceList } from '../api/get-reference-lists';
import type { UserFormValues } from './person-form-values';
import { lockedProps, type PersonSectionProps } from './person-sections-shared';

const USER_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'PIC');

/** The account: user name, type, password (a new account only) and roles; on edit the identifiers are shown, not changed. */
export function UserAccountSection({ control, mode }: PersonSectionProps<UserFormValues> & { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const roles = useReferenceList('roles');
  const readOnly = mode === 'edit';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextField control={control} name="username" label={t('users.form.userName')} required {...lockedProps(readOnly)} autoComplete="off" testId="user-username" />
      <SelectField control={control} name="employeeType" label={t('users.form.userType')} required {...lockedProps(readOnly)} data={USER_TYPES.map((v) => ({ value: v, label: t(`users.form.userTypes.${v}`) }))} testId="user-type" />
      {mode === 'add' ? (
        <>
          <PasswordField control={control} name="password" label={t('users.form.password')} description={t('myProfile.password.rules')} required testId="user-password" />
          <PasswordField control={control} name="confirmPassword" label={t('users.form.confirmPassword')} required testId="user-confirm-password" />
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
