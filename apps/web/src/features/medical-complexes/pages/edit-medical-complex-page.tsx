import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import { BackLink, DetailsMissing, PageLoader } from '@/features/organisation/components/details';
import { useClinicCollection } from '../api/get-complex';
import { useUpdateClinicCollection } from '../api/save-complex';
import { ComplexForm, complexFormValues } from '../components/complex-form';

export default function EditMedicalComplexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const complex = useClinicCollection(id);
  const update = useUpdateClinicCollection();

  if (complex.isPending) return <PageLoader />;
  if (complex.isError) {
    const missing = isApiError(complex.error) && [404, 422].includes(complex.error.status);
    return <DetailsMissing title={t('medicalComplexes.empty')} error={missing ? null : complex.error.message} onRetry={() => void complex.refetch()} backTo="/medicalComplexes" backLabel={t('medicalComplexes.backToList')} />;
  }
  return (
    <Stack gap="lg">
      <BackLink to={`/medicalComplexes/details/${id}`} label={t('medicalComplexes.backToDetails')} />
      <PageHeader title={t('medicalComplexes.editTitle', { name: complex.data.name })} subtitle={complex.data.publicId} />
      <ComplexForm
        key={complex.data._id}
        defaultValues={complexFormValues(complex.data)}
        submitLabel={t('medicalComplexes.save')}
        onSubmit={async (values) => {
          await update.mutateAsync({ id, values });
          void navigate('/medicalComplexes');
        }}
        onCancel={() => void navigate(`/medicalComplexes/details/${id}`)}
      />
    </Stack>
  );
}
