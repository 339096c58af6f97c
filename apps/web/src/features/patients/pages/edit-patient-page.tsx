import { Button, Card, Center, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { usePatient } from '../api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { PatientForm } from '../components/patient-form';
import { patientToForm } from '../components/patient-form-values';

export default function EditPatientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const patient = usePatient(id);
  const update = useUpdatePatient();
  const edit = useEditedRecord(patient.data, patient.refetch);

  if (patient.isPending) {
    return (
      <Center mih="40vh">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (patient.isError || !edit.record) {
    return (
      <Card>
        <EmptyState
          title={t('patients.details.empty')}
          description={t('patients.details.emptyHint')}
          icon={<IconUserQuestion stroke={1.6} />}
          actions={
            <Button component={Link} to="/patients" variant="light" leftSection={<IconArrowLeft size={16} />}>
              {t('patients.details.backToList')}
            </Button>
          }
        />
      </Card>
    );
  }

  const data = edit.record;
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('patients.form.editTitle')} subtitle={t('patients.form.editSubtitle', { name: data.name })} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <PatientForm
        // A fresh form whenever another patient is opened, or the latest one reloaded.
        key={edit.formKey}
        mode="edit"
        defaultValues={patientToForm(data)}
        currentImage={data.image}
        consent={data.whatsappConsent}
        onSubmit={async (values, image) => {
          await edit.save((version) => update.mutateAsync({ id: data._id, version, values, image }));
          await navigate('/patients');
        }}
        onCancel={() => void navigate(-1)}
      />
    </Stack>
  );
}
