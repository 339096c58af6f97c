import { Grid, Title, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AllergiesPanel } from '@/features/allergies';
import { MedicationList } from '@/features/medications';
import { VitalsPanel } from '@/features/vitals';

/** The patient's clinical record on the details page (for holders of clinical_read): vitals, allergies and current medications. */
export function ClinicalArea({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="patient-clinical">
      <Title order={3} fz="h4">{t('patients.details.clinical')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}><VitalsPanel patientId={patientId} /></Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}><AllergiesPanel patientId={patientId} /></Grid.Col>
        <Grid.Col span={12}><MedicationList patientId={patientId} /></Grid.Col>
      </Grid>
    </Stack>
  );
}
