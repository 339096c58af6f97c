import { useState } from 'react';
import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconNotes, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PATIENT_NOTE_MAX, type PatientDetails } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { useAddPatientNote } from '../api/add-patient-note';
import { DetailsCard } from './patient-details-cards';
import { formatDateTime } from './patient-format';

function initials(name: string): string {
  return name
    .replace(/^(Dr\.?|د\.)\s*/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('')
    .toUpperCase();
}

/** Timestamped notes, newest first; staff with write access add to them. */
export function NotesCard({ patient, canWrite }: { patient: PatientDetails; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const add = useAddPatientNote(patient._id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!body.trim()) {
      setError(t('validation.patientNoteRequired'));
      return;
    }
    setError(null);
    add.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (e) => {
        if (isApiError(e) && e.fields?.body) setError(e.fields.body);
      },
    });
  };

  return (
    <DetailsCard icon={<IconNotes size={18} />} title={t('patients.details.notes.title')} testId="notes-card">
      {canWrite && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="xs">
            <Textarea
              aria-label={t('patients.details.notes.title')}
              placeholder={t('patients.details.notes.placeholder')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={PATIENT_NOTE_MAX}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              error={error}
              data-testid="note-body"
            />
            <Group justify="flex-end">
              <Button type="submit" size="sm" leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid="note-submit">
                {t('patients.details.notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {patient.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('patients.details.notes.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {patient.notes.map((note) => {
            const author = note.author?.name ?? t('patients.details.notes.unknownAuthor');
            return (
              <Group key={note._id} align="flex-start" gap="sm" wrap="nowrap" data-testid="patient-note">
                <Avatar size={32} radius="xl" color="clinic" variant="light">
                  {initials(author)}
                </Avatar>
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {author}
                    </Text>
                    <Text size="xs" c="dimmed" component="time" dateTime={note.createdAt}>
                      {formatDateTime(note.createdAt, i18n.language)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {note.body}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </DetailsCard>
  );
}
