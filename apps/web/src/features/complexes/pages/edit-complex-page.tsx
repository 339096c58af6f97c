import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { isApiError } from '@/lib/http';
import { BackLink, DetailsMissing, PageLoader } from '@/components/details';
import { useComplex } from '../api/get-complex';
import { useUpdateComplex } from '../api/save-complex';
import { ComplexForm, complexFormValues } from '../components/complex-form';

export default function EditComplexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const complex = useComplex(id);
  const update = useUpdateComplex();
  const edit = useEditedRecord(complex.data, complex.refetch);

  if (complex.isPending) return <PageLoader />;
  if (complex.isError) {
    const missing = isApiError(complex.error) && [404, 422].includes(complex.error.status);
    return <DetailsMissing title={t('medicalComplexes.empty')} error={missing ? null : complex.error.message} onRetry={() => void complex.refetch()} backTo="/medicalComplexes" backLabel={t('medicalComplexes.backToList')} />;
  }
  const record = edit.record;
  if (!record) return <PageLoader />;
  return (
    <Stack gap="lg">
      <BackLink to={`/medicalComplexes/details/${id}`} label={t('medicalComplexes.backToDetails')} />
      <PageHeader title={t('medicalComplexes.editTitle', { name: record.name })} subtitle={record.publicId} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <ComplexForm
        key={edit.formKey}
        defaultValues={complexFormValues(record)}
        submitLabel={t('medicalComplexes.save')}
        onSubmit={async (values) => {
          await edit.save((version) => update.mutateAsync({ id, values, version }));
          void navigate('/medicalComplexes');
        }}
        onCancel={() => void navigate(`/medicalComplexes/details/${id}`)}
      />
    </Stack>
  );
}
