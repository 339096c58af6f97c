import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { BackLink } from '@/components/details';
import { useCreateDepartment } from '../api/save-department';
import { DepartmentForm, emptyDepartment } from '../components/department-form';

export default function AddDepartmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { plan } = useSession();
  const create = useCreateDepartment();
  return (
    <Stack gap="lg">
      <BackLink to="/departements" label={t('departments.backToList')} />
      <PageHeader title={t('departments.addTitle')} subtitle={t('departments.addSubtitle')} />
      <DepartmentForm
        defaultValues={emptyDepartment()}
        plan={plan}
        submitLabel={t('departments.create')}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          void navigate('/departements');
        }}
        onCancel={() => void navigate('/departements')}
      />
    </Stack>
  );
}
