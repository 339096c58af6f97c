import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useCreateSpeciality } from '../api/create-speciality';
import { useStaffOptions } from '../api/get-staff-options';
import { emptySpecialityForm, SpecialityForm } from '../components/speciality-form';

export default function AddSpecialityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useStaffOptions();
  const create = useCreateSpeciality();
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('specialities.add.title')} subtitle={t('specialities.add.subtitle')} />
      <Card>
        {staff.data ? (
          <SpecialityForm
            defaultValues={emptySpecialityForm}
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
            <Loader aria-label={t('common.loading')} />
          </Center>
        )}
      </Card>
    </Stack>
  );
}
