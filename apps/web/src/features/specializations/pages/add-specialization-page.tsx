import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useCreateSpecialization } from '../api/create-specialization';
import { useStaffOptions } from '../api/get-staff-options';
import { emptySpecializationForm, SpecializationForm } from '../components/specialization-form';

export default function AddSpecializationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useStaffOptions();
  const create = useCreateSpecialization();
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('specialities.add.title')} subtitle={t('specialities.add.subtitle')} />
      <Card>
        {staff.data ? (
          <SpecializationForm
            defaultValues={emptySpecializationForm}
            staff={staff.data}
            submitLabel={t('specialities.add.submit')}
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              void navigate('/specialities');
            }}
            onCancel={() => void navigate('/specialities')}
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
