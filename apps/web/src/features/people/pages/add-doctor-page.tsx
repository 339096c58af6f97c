import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCreateEmployee } from '../api/create-employee';
import { EmployeeForm } from '../components/employee-form';
import { emptyEmployeeValues, employeePayload } from '../components/person-form-values';
import { BackHeader } from '../components/form-page-header';
import { notifySuccess } from '@/lib/notify';

/** /doctors/add: the employee form with the type fixed to Doctor. On success: back to /doctors. */
export default function AddDoctorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  return (
    <Stack gap="lg">
      <BackHeader to="/doctors" backLabel={t('doctors.back')} title={t('doctors.addTitle')} subtitle={t('doctors.addSubtitle')} />
      <EmployeeForm
        variant="doctor"
        defaultValues={emptyEmployeeValues('Doctor')}
        submitLabel={t('doctors.create')}
        onCancel={() => void navigate('/doctors')}
        onSubmit={async (values, image) => {
          const result = await create.mutateAsync({ values: employeePayload(values), files: { image: { file: image.file, remove: false } } });
          notifySuccess(result.message ?? t('success.done'));
          await navigate('/doctors');
        }}
      />
    </Stack>
  );
}
