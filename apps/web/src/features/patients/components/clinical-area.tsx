import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AllergiesPanel } from '@/features/allergies';
import { PatientChart } from '@/features/chart';
import { ProblemList } from '@/features/diagnoses';
import { PatientEncounters } from '@/features/encounter';
import { MedicationList } from '@/features/medications';
import { PrescriptionPanel } from '@/features/prescriptions';
import { OrdersPanel } from '@/features/orders';
import { VitalsPanel } from '@/features/vitals';
import { useSession } from '@/lib/session-context';

/**
 * The patient's clinical record on the details page (for holders of clinical_read): encounters and vitals beside
 * problems and allergies, then current medications, prescriptions and orders, then the chart (the whole record as one
 * timeline).
 */
export function ClinicalArea({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <Stack gap="sm" data-testid="patient-clinical">
      <Title order={3} fz="h4">{t('patients.details.clinical')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <PatientEncounters patientId={patientId} />
            <VitalsPanel patientId={patientId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <ProblemList patientId={patientId} canWrite={can('clinical_write')} />
            <AllergiesPanel patientId={patientId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}><MedicationList patientId={patientId} /></Grid.Col>
        <Grid.Col span={12}><PrescriptionPanel patientId={patientId} /></Grid.Col>
        <Grid.Col span={12}><OrdersPanel patientId={patientId} /></Grid.Col>
        <Grid.Col span={12}><PatientChart patientId={patientId} /></Grid.Col>
      </Grid>
    </Stack>
  );
}
