import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useCreateEmployee } from '../api/create-employee';
import { EmployeeForm } from './employee-form';
import { emptyEmployeeValues, employeePayload } from './person-form-values';
import { BackHeader } from './form-page-header';

/** Adding a staff member or a doctor: the employee form, then back to the list it came from. */
export function AddEmployeeScreen({ variant, list, messages }: { variant: 'doctor' | 'staff'; list: string; messages: 'employees' | 'doctors' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  return (
    <Stack gap="lg">
      <BackHeader to={list} backLabel={t(`${messages}.back`)} title={t(`${messages}.addTitle`)} subtitle={t(`${messages}.addSubtitle`)} />
      <EmployeeForm
        variant={variant}
        defaultValues={emptyEmployeeValues(variant === 'doctor' ? 'Doctor' : 'Other')}
        submitLabel={t(`${messages}.create`)}
        onCancel={() => void navigate(list)}
        onSubmit={async (values, image) => {
          const result = await create.mutateAsync({ values: employeePayload(values), files: { image: { file: image.file, remove: false } } });
          notifySuccess(result.message ?? t('success.done'));
          await navigate(list);
        }}
      />
    </Stack>
  );
}
