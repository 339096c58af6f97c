import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';

/**
 * Whether this person is an administrator the signed-in user may not change: only an administrator changes or removes
 * one (the API answers anyone else 403 ADMINISTRATOR_PROTECTED), so the screens do not offer it.
 */
export function useProtectedAdministrator(person: { administrator: boolean } | undefined): boolean {
  const { can } = useSession();
  return Boolean(person?.administrator) && !can('admin');
}

/** Said in place of an edit form reached by its address for such a person. */
export function AdministratorProtectedAlert() {
  const { t } = useTranslation();
  return <Alert color="yellow" icon={<IconLock size={18} />} data-testid="administrator-protected">{t('users.administratorProtected')}</Alert>;
}
