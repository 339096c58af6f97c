import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useSpeciality } from '../api/get-speciality';
import { useStaffOptions } from '../api/get-staff-options';
import { useUpdateSpeciality } from '../api/update-speciality';
import { SpecialityForm } from '../components/speciality-form';

export default function EditSpecialityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const speciality = useSpeciality(id);
  const staff = useStaffOptions();
  const update = useUpdateSpeciality();
  if (speciality.isError) {
    return (
      <Card>
        <EmptyState title={t('specialities.details.empty')} />
      </Card>
    );
  }
  const s = speciality.data;
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('specialities.edit.title')} subtitle={s ? `${s.publicId} · ${s.name}` : undefined} />
      <Card>
        {s && staff.data ? (
          <SpecialityForm
            defaultValues={{
              name: s.name,
              description: s.description,
              requiredEquipment: s.requiredEquipment,
              requiredStaff: s.requiredStaff.map((x) => x._id),
              medicalProcedures: s.medicalProcedures,
              certificationRequirements: s.certificationRequirements,
              isActive: s.isActive,
            }}
            staff={[...staff.data, ...s.requiredStaff.filter((x) => !staff.data.some((y) => y._id === x._id)).map((x) => ({ ...x, employeeType: 'Other' }))]}
            submitLabel={t('specialities.edit.submit')}
            onSubmit={async (values) => {
              await update.mutateAsync({ id, input: values });
              void navigate(`/specialities/details/${id}`);
            }}
            onCancel={() => void navigate(-1)}
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
