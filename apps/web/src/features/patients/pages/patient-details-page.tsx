import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCalendarStats, IconEdit, IconGitMerge, IconLanguage, IconSmoking, IconSmokingNo, IconTrash, IconUserQuestion, IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientDetails } from '@clinic/shared';
import { DetailsFrame } from '@/components/details';
import { AllergyBanner } from '@/features/allergies';
import { RecordAccessCard } from '@/features/audit';
import { useSession } from '@/lib/session-context';
import { usePatient } from '../api/get-patient';
import { ClinicalArea } from '../components/clinical-area';
import { DeletePatientDialog } from '../components/delete-patient-dialog';
import { HealthReportsCard } from '../components/health-reports-card';
import { IncompleteBanner } from '../components/incomplete-banner';
import { MergePatientDialog } from '../components/merge-patient-dialog';
import { NotesCard } from '../components/notes-card';
import { PatientAvatar } from '../components/patient-avatar';
import {
  AllergiesCard,
  ChronicDiseasesCard,
  ContactPersonCard,
  GeneralInfoCard,
  InsuranceCard,
  MedicalHistoryCard,
  MedicalInfoCard,
} from '../components/patient-details-cards';
import { formatDate } from '../components/patient-format';
import { SelfRegisteredBadge, SelfRegisteredBanner } from '../components/self-registered';
import { StructuredRecordScope } from '../components/structured-record';
import { TreatmentCard } from '../components/treatment-card';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      {icon}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
}

function ProfileHeader({ patient, canWrite, onDelete, onMerge }: { patient: PatientDetails; canWrite: boolean; onDelete: () => void; onMerge: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="patient-profile">
      <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
        <Group gap="lg" wrap="nowrap" align="center" style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <PatientAvatar src={patient.image} name={patient.name} alt={t('patients.details.imageAlt', { name: patient.name })} size={96} radius={48} data-testid="patient-image" />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }} data-testid="patient-name" style={{ overflowWrap: 'anywhere' }}>
              {patient.name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray" tt="none" ff="monospace" dir="ltr" data-testid="patient-public-id">
                {patient.publicId}
              </Badge>
              <Badge color={patient.isActive ? 'teal' : 'gray'} variant="light" tt="none" data-testid="patient-status">
                {patient.isActive ? t('common.status.active') : t('common.status.inactive')}
              </Badge>
              {patient.selfRegistered && <SelfRegisteredBadge />}
              {patient.blood_type && (
                <Badge color="red" variant="light" tt="none" dir="ltr">
                  {patient.blood_type}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('patients.details.ageLabel')}: {t('patients.details.age', { count: patient.age })}
              {patient.gender ? ` · ${t(`patients.genders.${patient.gender}`)}` : ''}
            </Text>
          </Stack>
        </Group>
        {canWrite && (
          <Group gap="sm">
            <Button component={Link} to={`/patients/edit/${patient._id}`} variant="light" leftSection={<IconEdit size={16} />} data-testid="patient-edit-button">
              {t('patients.details.edit')}
            </Button>
            <Button variant="light" color="grape" leftSection={<IconGitMerge size={16} />} onClick={onMerge} data-testid="patient-merge-button">
              {t('patients.merge.action')}
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid="patient-delete-button">
              {t('patients.details.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Fact
          icon={<IconCalendarStats size={20} stroke={1.6} color="var(--mantine-color-dimmed)" />}
          label={t('patients.details.lastVisit')}
          value={patient.lastVisit ? formatDate(patient.lastVisit, i18n.language) : t('patients.details.noVisits')}
        />
        <Fact
          icon={<IconLanguage size={20} stroke={1.6} color="var(--mantine-color-dimmed)" />}
          label={t('patients.details.general.preferredLanguage')}
          value={patient.preferredLanguage ? t(`patients.languages.${patient.preferredLanguage}`, { defaultValue: patient.preferredLanguage }) : t('patients.details.notRecorded')}
        />
        <Fact
          icon={patient.Smoking ? <IconSmoking size={20} stroke={1.6} color="var(--mantine-color-dimmed)" /> : <IconSmokingNo size={20} stroke={1.6} color="var(--mantine-color-dimmed)" />}
          label={t('patients.details.history.smoking')}
          value={patient.Smoking === null ? t('patients.details.notRecorded') : patient.Smoking ? t('patients.details.smoker') : t('patients.details.nonSmoker')}
        />
      </SimpleGrid>
    </Card>
  );
}

export default function PatientDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { can } = useSession();
  const canWrite = can('patient_write');
  const patient = usePatient(id);
  const [deleting, setDeleting] = useState(false);
  const [merging, setMerging] = useState(false);
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;

  return (
    <DetailsFrame query={patient} notFound={t('patients.details.empty')} notFoundHint={t('patients.details.emptyHint')} icon={<IconUserQuestion stroke={1.6} />} back={{ to: '/patients', label: t('patients.details.backToList') }}>
      {(data) => (
        <Stack gap="lg" data-testid="patient-details">
          <Group>
            <Button component={Link} to="/patients" variant="subtle" color="gray" size="compact-sm" leftSection={<BackIcon size={16} />}>
              {t('patients.details.backToList')}
            </Button>
            <Button component={Link} to={`/print/patient/${data._id}`} variant="light" size="compact-sm" ms="auto" leftSection={<IconPrinter size={14} />} data-testid="patient-print-summary">
              {t('printouts.patient.title')}
            </Button>
          </Group>
          {data.selfRegistered && <SelfRegisteredBanner patientId={data._id} canWrite={canWrite} onMerge={() => setMerging(true)} />}
          {data.incomplete && !data.selfRegistered && <IncompleteBanner patientId={data._id} canWrite={canWrite} />}
          {can('clinical_read') && <AllergyBanner patientId={data._id} />}
          <ProfileHeader patient={data} canWrite={canWrite} onDelete={() => setDeleting(true)} onMerge={() => setMerging(true)} />
          {can('clinical_read') && <ClinicalArea patientId={data._id} />}
          <StructuredRecordScope patientId={data._id} clinical={can('clinical_read')}>
            {(record) => (
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
                  <Stack gap="lg">
                    <InsuranceCard patient={data} />
                    <GeneralInfoCard patient={data} />
                    <MedicalInfoCard patient={data} />
                    <ContactPersonCard patient={data} />
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
                  <Stack gap="lg">
                    {/* The registration form's answers: where the clinical lists above hold entries, the cards point to them. */}
                    <MedicalHistoryCard patient={data} record={record} />
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                      <AllergiesCard patient={data} record={record} />
                      <ChronicDiseasesCard patient={data} record={record} />
                    </SimpleGrid>
                    <TreatmentCard patient={data} />
                    <HealthReportsCard patient={data} canWrite={canWrite} />
                    <NotesCard patient={data} canWrite={canWrite} />
                    {can('audit_read') && <RecordAccessCard entity="patient" entityId={data._id} />}
                  </Stack>
                </Grid.Col>
              </Grid>
            )}
          </StructuredRecordScope>
          {canWrite && <MergePatientDialog key={data._id} patient={data} opened={merging} onClose={() => setMerging(false)} />}
          <DeletePatientDialog
            patient={deleting ? data : null}
            onClose={() => setDeleting(false)}
            onDone={(outcome) => {
              if (outcome === 'deleted') void navigate('/patients');
            }}
          />
        </Stack>
      )}
    </DetailsFrame>
  );
}
