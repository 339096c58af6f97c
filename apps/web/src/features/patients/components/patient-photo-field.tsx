import { useEffect, useState, type ComponentProps } from 'react';
import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@clinic/shared';
import type { PatientImageChange } from '../api/patient-form-data';
import { PatientAvatar } from './patient-avatar';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

interface PatientPhotoFieldProps {
  /** The saved picture (edit), shown until a new one is chosen or it is removed. */
  currentUrl: string | null;
  name: string;
  value: PatientImageChange;
  onChange: (value: PatientImageChange) => void;
  /** A message from the server about the picture. */
  error?: string | null;
}

/** Picks the patient's photo (JPG or PNG, 5 MB), with a live preview. The server checks the content again. */
export function PatientPhotoField({ currentUrl, name, value, onChange, error }: PatientPhotoFieldProps) {
  const { t } = useTranslation();
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value.file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);

  const shown = preview ?? (value.remove ? null : currentUrl);
  const message = localError ?? error ?? null;

  const choose = (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setLocalError(t('errors.fileType', { types: 'JPG, PNG' }));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setLocalError(t('errors.fileTooLarge', { max: 5 }));
      return;
    }
    setLocalError(null);
    onChange({ file, remove: false });
  };

  return (
    <Input.Wrapper label={t('patients.form.fields.photo')} error={message} data-testid="patient-photo">
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <PatientAvatar src={shown} name={name} size={84} radius="xl" />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg" inputProps={{ 'data-testid': 'patient-photo-input' } as ComponentProps<'input'>}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} />} data-testid="patient-photo-upload">
                  {shown ? t('patients.form.fields.changePhoto') : t('patients.form.fields.uploadPhoto')}
                </Button>
              )}
            </FileButton>
            {shown && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  setLocalError(null);
                  onChange({ file: null, remove: Boolean(currentUrl) });
                }}
              >
                {t('patients.form.fields.removePhoto')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('patients.form.fields.photoHint')}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
