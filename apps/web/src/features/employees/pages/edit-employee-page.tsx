import { Loader, Stack } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { AdministratorProtectedAlert, useProtectedAdministrator } from '../components/administrator-protected';
import { notifySuccess } from '@/lib/notify';
import { useEmployee } from '../api/get-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { EmployeeForm } from '../components/employee-form';
import { employeePayload, employeeValuesFromRecord } from '../components/person-form-values';
import { BackHeader } from '../components/form-page-header';

/** /employees/edit/{id}: the same form, prefilled; saving really stores every field it shows. */
export default function EditEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  const update = useUpdateEmployee();
  const edit = useEditedRecord(employee.data, employee.refetch);
  const protectedAdmin = useProtectedAdministrator(employee.data);

  if (employee.isPending) return <Stack align="center" py="xl"><Loader /></Stack>;
  if (employee.isError || !edit.record) return <EmptyState title={t('employees.notFound')} icon={<IconUserOff stroke={1.6} />} />;
  const record = edit.record;
  const detailsPath = record.employeeType === 'Doctor' ? `/doctors/details/${id}` : `/employees/details/${id}`;
  return (
    <Stack gap="lg">
      <BackHeader to={detailsPath} backLabel={t('employees.backToDetails')} title={t('employees.editTitle', { name: record.name })} subtitle={record.publicId} />
      {protectedAdmin ? (
        // Reached by its address: the API would refuse the save, so no form is offered to fill in.
        <AdministratorProtectedAlert />
      ) : (
        <>
          <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
          <EmployeeForm
            key={edit.formKey}
            variant={record.employeeType === 'Doctor' ? 'doctor' : 'staff'}
            defaultValues={employeeValuesFromRecord(record)}
            currentImageUrl={record.image?.url ?? null}
            submitLabel={t('people.actions.save')}
            onCancel={() => void navigate(detailsPath)}
            onSubmit={async (values, image) => {
              const result = await edit.save((version) => update.mutateAsync({ id, version, values: employeePayload(values), files: { image: { file: image.file, remove: image.remove } } }));
              notifySuccess(t('common.toast.updatedWith', { message: result.message ?? t('success.updated') }));
              await navigate(detailsPath);
            }}
          />
        </>
      )}
    </Stack>
  );
}
