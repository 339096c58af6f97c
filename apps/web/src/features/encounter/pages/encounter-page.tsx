import { useState } from 'react';
import { Alert, Button, Checkbox, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconSignature } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OrdersPanel } from '@/features/orders';
import { PageHeader } from '@/components/page-header';
import { EncounterAllergies } from '@/features/allergies';
import { EncounterDiagnoses, ProblemList } from '@/features/diagnoses';
import { MedicationList } from '@/features/medications';
import { PrescriptionPanel } from '@/features/prescriptions';
import { VitalsPanel } from '@/features/vitals';
import { CallNextButton } from '@/features/waiting-room';
import { formatDateTime } from '@/lib/dates';
import { isError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { useEncounter } from '../api/encounters';
import { Addenda } from '../components/addenda';
import { BreakGlass } from '../components/break-glass';
import { ConflictDialog } from '../components/conflict-dialog';
import { NoteForm } from '../components/note-form';
import { PatientHeader } from '../components/patient-header';
import { SaveStateBadge } from '../components/save-state';
import { SignDialog } from '../components/sign-dialog';
import { useNoteDraft } from '../lib/use-note-draft';
import { useSensitiveToggle } from '../lib/use-sensitive';

/**
 * The encounter: the patient header (with the other clinical parts' slots), the note generated from its template,
 * saved as the doctor types (and kept on this device until the server has it), signed with the password again, and
 * the addenda under a signed note.
 */
export default function EncounterPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { can, user } = useSession();
  const encounter = useEncounter(id);
  const data = encounter.data;
  const draft = useNoteDraft(id, data?.note);
  const [signing, setSigning] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const sensitive = useSensitiveToggle(id, data, draft);
  const canWrite = can('clinical_write');

  if (encounter.isError) {
    if (isError(encounter.error, 'SENSITIVE_NOTE')) return <BreakGlass encounterId={id} />;
    return <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="encounter-error">{encounter.error.message}</Alert>;
  }
  if (!data || !draft.content) return <Stack gap="md"><Skeleton h={110} radius="md" /><Skeleton h={240} radius="md" /></Stack>;

  const signed = data.status === 'signed';
  // The visit's doctor signs the note; a nurse or another clinician writing in it sees who will.
  const ownNote = data.doctor._id === user?.userId;
  // Another doctor's sensitive note, opened with a reason: read only (its doctor alone changes it and what it recorded).
  const othersSensitive = data.note.sensitive && !ownNote;
  const editable = canWrite && !signed && !othersSensitive;
  // The doctor of the visit calls their next patient from here, without going back to the board.
  const callNext = data.clinic && ownNote && can('appointment_write')
    ? <CallNextButton clinicId={data.clinic._id} doctorId={data.doctor._id} long variant="light" testId="encounter-call-next" />
    : null;
  return (
    <Stack gap="md" data-testid="encounter-page">
      <PageHeader
        title={t('shell.titles.encounter')}
        subtitle={data.note.template.name[i18n.language.startsWith('ar') ? 'ar' : 'en']}
        actions={editable || callNext ? (
          <Group gap="sm" wrap="wrap">
            {callNext}
            {editable && <SaveStateBadge state={draft.state} />}
            {editable && ownNote && (
              <Button color="teal" leftSection={<IconSignature size={18} />} onClick={() => setSigning(true)} disabled={draft.state === 'conflict'} data-testid="sign-open">
                {t('encounter.sign.open')}
              </Button>
            )}
            {editable && !ownNote && (
              <Group gap={6} c="dimmed" wrap="nowrap" data-testid="sign-by-doctor">
                <IconSignature size={16} />
                <Text size="sm">{t('encounter.sign.byDoctor', { name: data.doctor.name })}</Text>
              </Group>
            )}
          </Group>
        ) : undefined}
      />
      <PatientHeader
        encounter={data}
        slots={{
          allergies: <EncounterAllergies patientId={data.patient._id} encounterId={id} />,
          vitals: <VitalsPanel patientId={data.patient._id} encounterId={id} withTrend={false} />,
          problems: <ProblemList patientId={data.patient._id} canWrite={canWrite} />,
          medications: <MedicationList patientId={data.patient._id} encounterId={id} />,
        }}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: signed ? 8 : 12 }}>
          <NoteForm sections={data.note.template.sections} content={signed ? data.note.content : draft.content} onChange={editable ? (k, v) => { setFieldErrors({}); draft.change(k, v); } : undefined} errors={fieldErrors} />
          <Stack mt="md"><EncounterDiagnoses patientId={data.patient._id} encounterId={id} canWrite={editable} revealed={data.diagnoses} /></Stack>
          <Stack mt="md"><PrescriptionPanel patientId={data.patient._id} encounterId={id} clinicId={data.clinic?._id ?? null} /></Stack>
          <Stack mt="md"><OrdersPanel patientId={data.patient._id} encounterId={id} /></Stack>
          {editable && ownNote && (
            <Checkbox mt="md" label={t('encounter.sensitive')} description={t('encounter.sensitiveHelp')} checked={sensitive.value} onChange={(e) => void sensitive.set(e.currentTarget.checked)} />
          )}
        </Grid.Col>
        {signed && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Alert color="teal" icon={<IconSignature size={18} />} data-testid="signed-banner">
                {t('encounter.signedBy', { name: data.note.signedBy?.name ?? '', when: formatDateTime(data.note.signedAt, i18n.language) })}
              </Alert>
              <Addenda encounterId={id} addenda={data.addenda} canWrite={canWrite && !othersSensitive} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      {draft.conflict && (
        <ConflictDialog sections={data.note.template.sections} mine={draft.content} theirs={draft.conflict} onKeepMine={draft.keepMine} onTakeTheirs={draft.takeTheirs} />
      )}
      <SignDialog encounterId={id} opened={signing} onClose={() => setSigning(false)} flush={draft.flush} onSigned={() => setSigning(false)} onFieldErrors={setFieldErrors} />
    </Stack>
  );
}
