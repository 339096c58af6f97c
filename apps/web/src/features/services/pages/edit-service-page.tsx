import { Card, Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { useService } from '../api/get-service';
import { useServiceClinics, useServiceDoctors } from '../api/get-service-options';
import { useUpdateService } from '../api/update-service';
import { ServiceForm } from '../components/service-form';

/** Shows Loading... until the service, the clinics and the doctors have loaded (spec 001, Services). */
export default function EditServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const service = useService(id);
  const clinics = useServiceClinics();
  const doctors = useServiceDoctors();
  const update = useUpdateService();
  const edit = useEditedRecord(service.data, service.refetch);

  if (service.isError) {
    return (
      <Card>
        <EmptyState title={t('services.details.empty')} />
      </Card>
    );
  }
  const s = edit.record;
  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t('services.edit.title')} subtitle={s ? `${s.publicId} · ${s.name}` : undefined} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <Card>
        {s && clinics.data && doctors.data ? (
          <ServiceForm
            key={edit.formKey}
            defaultValues={{
              name: s.name,
              description: s.description,
              price: s.price,
              durationMinutes: s.durationMinutes,
              bufferBeforeMinutes: s.bufferBeforeMinutes,
              bufferAfterMinutes: s.bufferAfterMinutes,
              clinic: s.clinic._id,
              doctors: s.doctors.map((d) => d._id),
              isActive: s.isActive,
            }}
            clinics={clinics.data}
            // A doctor who left stays listed so the service keeps them until someone removes them.
            doctors={[...doctors.data, ...s.doctors.filter((d) => !doctors.data.some((x) => x._id === d._id))]}
            submitLabel={t('services.edit.submit')}
            onSubmit={async (values) => {
              await edit.save((version) => update.mutateAsync({ id, input: { ...values, version } }));
              void navigate('/services');
            }}
            onCancel={() => void navigate(-1)}
          />
        ) : (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <Loader />
              <Text size="sm" c="dimmed">
                {t('common.loading')}
              </Text>
            </Stack>
          </Center>
        )}
      </Card>
    </Stack>
  );
}
