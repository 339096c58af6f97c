import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCreateEmployee } from '../api/create-employee';
import { BackHeader } from '../components/form-page-header';
import { notifySuccess } from '@/lib/notify';
import { UserForm } from '../components/user-form';
import { emptyUserValues, userPayload } from '../components/person-form-values';

/** /users/add: a new user account in four tabs. On success: back to /. */
export default function AddUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  return (
    <Stack gap="lg">
      <BackHeader to="/" backLabel={t('users.back')} title={t('users.addTitle')} subtitle={t('users.addSubtitle')} />
      <UserForm
        mode="add"
        defaultValues={emptyUserValues()}
        onCancel={() => void navigate('/')}
        onSubmit={async (values) => {
          const result = await create.mutateAsync(userPayload(values, 'add'));
          notifySuccess(result.message ?? t('success.done'));
          await navigate('/');
        }}
      />
    </Stack>
  );
}
