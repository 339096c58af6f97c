import { useRef, useState, type DragEvent } from 'react';
import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { USER_FILE_MAX_BYTES } from '@clinic/shared';
import { formatFileSize } from './employee-format';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { UserDocumentValue } from './person-form-values';
import classes from './document-drop.module.css';

/** Document types the server accepts (it checks the content again). */
const ACCEPTED: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};
const TYPE_LIST = 'PDF, DOCX, DOC, XLSX, JPG, PNG';

interface DocumentDropProps {
  label: string;
  hint?: string;
  value: UserDocumentValue;
  onChange: (next: UserDocumentValue) => void;
  error?: string;
  testId: string;
}

/**
 * Drop a document (or click to browse). A valid file is kept; a rejected one clears the field with a
 * toast; the red clear button removes the file.
 */
export function DocumentDrop({ label, hint, value, onChange, error, testId }: DocumentDropProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const accept = (file: File | undefined) => {
    if (!file) return;
    const problem = !ACCEPTED[file.type]
      ? t('users.files.typeMust', { types: TYPE_LIST })
      : file.size > USER_FILE_MAX_BYTES
        ? t('validation.fileTooLarge10')
        : null;
    if (problem) {
      onChange({ ...value, file: null });
      notifyError(problem, t('users.files.failedTitle'));
      return;
    }
    onChange({ ...value, file });
    notifySuccess(t('users.files.uploadedText'), t('users.files.uploadedTitle'));
  };
  const clear = () => {
    onChange({ ...value, file: null, stored: null });
    if (input.current) input.current.value = '';
    notifySuccess(t('users.files.removedText'), t('users.files.removedTitle'));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 1) {
      notifyError(t('users.files.tooMany'), t('users.files.failedTitle'));
      return;
    }
    accept(event.dataTransfer.files[0]);
  };
  const current = value.file ? { name: value.file.name, size: formatFileSize(value.file.size, i18n.language), url: null } : value.stored ? { name: value.stored.name, size: null, url: value.stored.url } : null;

  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap={6} justify="space-between">
        <Text size="sm" fw={500}>{label}</Text>
        {hint && <Text size="xs" c="dimmed">{hint}</Text>}
      </Group>
      {current ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" size={34} radius="md"><IconFileText size={18} /></ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                {current.url ? <Anchor href={current.url} size="sm" fw={500} truncate download>{current.name}</Anchor> : <Text size="sm" fw={500} truncate>{current.name}</Text>}
                {current.size && <Text size="xs" c="dimmed">{current.size}</Text>}
              </Stack>
            </Group>
            <Tooltip label={t('users.files.clear')}>
              <ActionIcon color="red" variant="light" onClick={clear} aria-label={t('users.files.clearNamed', { name: label })} data-testid={`${testId}-clear`}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ) : (
        <UnstyledButton
          className={classes.zone}
          data-over={over || undefined}
          data-error={error ? true : undefined}
          onClick={() => input.current?.click()}
          onDragOver={(e) => { e.preventDefault(); setOver(true); }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          aria-label={t('users.files.chooseNamed', { name: label })}
        >
          <Stack gap={4} align="center">
            <IconUpload size={22} stroke={1.6} />
            <Text size="sm">{t('users.files.drop')}</Text>
            <Text size="xs" c="dimmed">{t('users.files.limits', { types: TYPE_LIST })}</Text>
          </Stack>
        </UnstyledButton>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={Object.keys(ACCEPTED).join(',')}
        onChange={(e) => accept(e.currentTarget.files?.[0])}
        data-testid={`${testId}-input`}
      />
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}
