import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useCreatePatient } from '../api/create-patient';
import { PatientForm } from '../components/patient-form';
import { emptyPatientForm } from '../components/patient-form-values';

export default function AddPatientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePatient();
  const [defaults] = useState(emptyPatientForm);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('patients.form.addTitle')} subtitle={t('patients.form.addSubtitle')} />
      <PatientForm
        mode="add"
        defaultValues={defaults}
        onSubmit={async (values, image) => {
          await create.mutateAsync({ values, image });
          await navigate('/patients');
        }}
        onCancel={() => void navigate('/patients')}
      />
    </Stack>
  );
}
