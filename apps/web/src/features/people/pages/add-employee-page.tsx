import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useCreateEmployee } from '../api/create-employee';
import { EmployeeForm } from '../components/employee-form';
import { emptyEmployeeValues, employeePayload } from '../components/person-form-values';
import { BackHeader } from '../components/form-page-header';

/** /employees/add: the employee form for staff (type Other by default). On success: back to /employees. */
export default function AddEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  return (
    <Stack gap="lg">
      <BackHeader to="/employees" backLabel={t('employees.back')} title={t('employees.addTitle')} subtitle={t('employees.addSubtitle')} />
      <EmployeeForm
        variant="staff"
        defaultValues={emptyEmployeeValues('Other')}
        submitLabel={t('employees.create')}
        onCancel={() => void navigate('/employees')}
        onSubmit={async (values, image) => {
          const result = await create.mutateAsync({ values: employeePayload(values), files: { image: { file: image.file, remove: false } } });
          notifySuccess(result.message ?? t('success.done'));
          await navigate('/employees');
        }}
      />
    </Stack>
  );
}
