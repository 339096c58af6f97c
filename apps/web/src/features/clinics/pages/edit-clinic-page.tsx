import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { BackLink, DetailsMissing, PageLoader } from '@/components/details';
import { useClinic } from '../api/get-clinic';
import { useUpdateClinic } from '../api/save-clinic';
import { ClinicForm, clinicFormValues } from '../components/clinic-form';

export default function EditClinicPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { plan } = useSession();
  const clinic = useClinic(id);
  const update = useUpdateClinic();
  const edit = useEditedRecord(clinic.data, clinic.refetch);

  if (clinic.isPending) return <PageLoader />;
  if (clinic.isError) {
    const missing = isApiError(clinic.error) && [404, 422].includes(clinic.error.status);
    return <DetailsMissing title={t('clinics.detailsEmpty')} error={missing ? null : clinic.error.message} onRetry={() => void clinic.refetch()} backTo="/clinics" backLabel={t('clinics.backToList')} />;
  }
  const record = edit.record;
  if (!record) return <PageLoader />;
  return (
    <Stack gap="lg">
      <BackLink to={`/clinics/details/${id}`} label={t('clinics.backToDetails')} />
      <PageHeader title={t('clinics.editTitle', { name: record.name })} subtitle={record.publicId} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <ClinicForm
        key={edit.formKey}
        defaultValues={clinicFormValues(record)}
        plan={plan}
        submitLabel={t('clinics.save')}
        onSubmit={async (values) => {
          await edit.save((version) => update.mutateAsync({ id, values, version }));
          void navigate(`/clinics/details/${id}`);
        }}
        onCancel={() => void navigate(`/clinics/details/${id}`)}
      />
    </Stack>
  );
}
