import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { BackLink } from '@/components/details';
import { useCreateClinic } from '../api/save-clinic';
import { ClinicForm, emptyClinic } from '../components/clinic-form';

export default function AddClinicPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { plan } = useSession();
  const create = useCreateClinic();
  return (
    <Stack gap="lg">
      <BackLink to="/clinics" label={t('clinics.backToList')} />
      <PageHeader title={t('clinics.addTitle')} subtitle={t('clinics.addSubtitle')} />
      <ClinicForm
        defaultValues={emptyClinic()}
        plan={plan}
        submitLabel={t('clinics.create')}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          void navigate('/clinics');
        }}
        onCancel={() => void navigate('/clinics')}
      />
    </Stack>
  );
}
