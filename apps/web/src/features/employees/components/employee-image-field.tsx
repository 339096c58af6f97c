import { useEffect, useState, type ComponentProps } from 'react';
import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmployeeAvatar } from './employee-avatar';

interface EmployeeImageFieldProps {
  name: string;
  /** The stored picture (edit), shown until a new one is chosen or it is removed. */
  currentUrl: string | null;
  file: File | null;
  removed: boolean;
  onChange: (next: { file: File | null; removed: boolean }) => void;
  error?: string | null;
  accept?: string;
  hint?: string;
  testId?: string;
}

/** Picks a picture with a live preview. Size and type are checked by the form schema and again by the server. */
export function EmployeeImageField({ name, currentUrl, file, removed, onChange, error, accept = 'image/png,image/jpeg', hint, testId = 'employee-image' }: EmployeeImageFieldProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (removed ? null : currentUrl);

  return (
    <Input.Wrapper label={t('people.fields.image')} error={error} data-testid={testId}>
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <EmployeeAvatar src={shown} name={name || '?'} size={84} radius="xl" />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={(f) => f && onChange({ file: f, removed: false })} accept={accept} inputProps={{ 'data-testid': `${testId}-input` } as ComponentProps<'input'>}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} />}>
                  {shown ? t('people.image.change') : t('people.image.upload')}
                </Button>
              )}
            </FileButton>
            {shown && (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => onChange({ file: null, removed: Boolean(currentUrl) })}>
                {t('people.image.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {hint ?? t('people.image.hint')}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
