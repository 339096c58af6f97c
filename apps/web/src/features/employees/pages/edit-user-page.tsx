import { Card, Loader, Stack } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEmployee } from '../api/get-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { BackHeader } from '../components/form-page-header';
import { useEditedRecord } from '@/lib/edited-record';
import { AdministratorProtectedAlert, useProtectedAdministrator } from '../components/administrator-protected';
import { notifySuccess } from '@/lib/notify';
import { UserForm } from '../components/user-form';
import { userPayload, userValuesFromRecord } from '../components/person-form-values';

/** /users/edit/{id}: the account's four sections; user name, password, type and e-mail are read-only. */
export default function EditUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const user = useEmployee(id);
  const update = useUpdateEmployee();
  const edit = useEditedRecord(user.data, user.refetch);
  const protectedAdmin = useProtectedAdministrator(user.data);

  if (user.isPending) return <Stack align="center" py="xl"><Loader /></Stack>;
  if (user.isError || !edit.record) return <Card><EmptyState title={t('users.notFound')} icon={<IconUserOff stroke={1.6} />} /></Card>;
  const record = edit.record;
  return (
    <Stack gap="lg">
      <BackHeader to="/" backLabel={t('users.back')} title={t('users.editTitle', { name: record.name })} subtitle={record.publicId} />
      {protectedAdmin ? (
        // Reached by its address: the API would refuse the save, so no form is offered to fill in.
        <AdministratorProtectedAlert />
      ) : (
        <>
          <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
          <UserForm
            key={edit.formKey}
            mode="edit"
            defaultValues={userValuesFromRecord(record)}
            currentImageUrl={record.image?.url ?? null}
            onCancel={() => void navigate('/')}
            onSubmit={async (values, imageRemoved) => {
              const result = await edit.save((version) => update.mutateAsync({ id, version, ...userPayload(values, 'edit', record, imageRemoved) }));
              notifySuccess(t('common.toast.updatedWith', { message: result.message ?? t('success.updated') }));
              await navigate('/');
            }}
          />
        </>
      )}
    </Stack>
  );
}
