import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { BackLink, DetailsMissing, PageLoader } from '@/components/details';
import { useDepartment } from '../api/get-department';
import { useUpdateDepartment } from '../api/save-department';
import { DepartmentForm, departmentFormValues } from '../components/department-form';

export default function EditDepartmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { plan } = useSession();
  const department = useDepartment(id);
  const update = useUpdateDepartment();
  const edit = useEditedRecord(department.data, department.refetch);

  if (department.isPending) return <PageLoader />;
  if (department.isError) {
    const missing = isApiError(department.error) && [404, 422].includes(department.error.status);
    return <DetailsMissing title={t('departments.empty')} error={missing ? null : department.error.message} onRetry={() => void department.refetch()} backTo="/departements" backLabel={t('departments.backToList')} />;
  }
  const record = edit.record;
  if (!record) return <PageLoader />;
  return (
    <Stack gap="lg">
      <BackLink to={`/departements/details/${id}`} label={t('departments.backToDetails')} />
      <PageHeader title={t('departments.editTitle', { name: record.name })} subtitle={record.publicId} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <DepartmentForm
        key={edit.formKey}
        defaultValues={departmentFormValues(record)}
        plan={plan}
        submitLabel={t('departments.save')}
        onSubmit={async (values) => {
          await edit.save((version) => update.mutateAsync({ id, values, version }));
          void navigate(`/departements/details/${id}`);
        }}
        onCancel={() => void navigate(`/departements/details/${id}`)}
      />
    </Stack>
  );
}
