import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { useSpecialization } from '../api/get-specialization';
import { useStaffOptions } from '../api/get-staff-options';
import { useUpdateSpecialization } from '../api/update-specialization';
import { SpecializationForm } from '../components/specialization-form';

export default function EditSpecializationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const specialization = useSpecialization(id);
  const staff = useStaffOptions();
  const update = useUpdateSpecialization();
  const edit = useEditedRecord(specialization.data, specialization.refetch);
  if (specialization.isError) {
    return (
      <Card>
        <EmptyState title={t('specialities.details.empty')} />
      </Card>
    );
  }
  const s = edit.record;
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('specialities.edit.title')} subtitle={s ? `${s.publicId} · ${s.name}` : undefined} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <Card>
        {s && staff.data ? (
          <SpecializationForm
            key={edit.formKey}
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
              await edit.save((version) => update.mutateAsync({ id, input: { ...values, version } }));
              void navigate(`/specialities/details/${id}`);
            }}
            onCancel={() => void navigate(-1)}
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
