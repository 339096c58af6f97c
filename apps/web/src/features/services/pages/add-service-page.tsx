import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useCreateService } from '../api/create-service';
import { useServiceClinics, useServiceDoctors } from '../api/get-service-options';
import { emptyServiceForm, ServiceForm } from '../components/service-form';

export default function AddServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clinics = useServiceClinics();
  const doctors = useServiceDoctors();
  const create = useCreateService();
  const ready = clinics.data && doctors.data;
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('services.add.title')} subtitle={t('services.add.subtitle')} />
      <Card>
        {ready ? (
          <ServiceForm
            defaultValues={emptyServiceForm}
            clinics={clinics.data}
            doctors={doctors.data}
            submitLabel={t('services.add.submit')}
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              void navigate('/services');
            }}
            onCancel={() => void navigate('/services')}
          />
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label={t('common.loading')} />
          </Center>
        )}
      </Card>
    </Stack>
  );
}
