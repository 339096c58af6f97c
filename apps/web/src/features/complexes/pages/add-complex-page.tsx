import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/details';
import { useCreateComplex } from '../api/save-complex';
import { ComplexForm, emptyComplex } from '../components/complex-form';

export default function AddComplexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateComplex();
  return (
    <Stack gap="lg">
      <BackLink to="/medicalComplexes" label={t('medicalComplexes.backToList')} />
      <PageHeader title={t('medicalComplexes.addTitle')} subtitle={t('medicalComplexes.addSubtitle')} />
      <ComplexForm
        defaultValues={emptyComplex()}
        submitLabel={t('medicalComplexes.create')}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          void navigate('/medicalComplexes');
        }}
        onCancel={() => void navigate('/medicalComplexes')}
      />
    </Stack>
  );
}
