import { useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconBuilding, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@clinic/shared';
import { useUploadCompanyLogo } from '../api/upload-company-logo';

const TYPES = ['image/jpeg', 'image/png', 'image/jpg'];

/** The company logo: JPEG or PNG up to 5 MB, checked here and again by content on the server. */
export function LogoUpload({ companyId, url }: { companyId: string; url: string | null }) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();
  const [error, setError] = useState<string | null>(null);
  const reset = useRef<() => void>(null);

  const choose = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!TYPES.includes(file.type)) return setError(t('validation.org.logoType'));
    if (file.size > IMAGE_MAX_BYTES) return setError(t('validation.org.logoTooLarge'));
    setError(null);
    upload.mutate({ id: companyId, file });
  };

  return (
    <Group gap="md" align="center" wrap="nowrap">
      <Avatar src={url} size={72} radius="md" color="clinic" alt={t('company.logo.alt')}>
        <IconBuilding size={32} stroke={1.5} />
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={choose} accept="image/png,image/jpeg" resetRef={reset}>
          {(props) => (
            <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending} data-testid="company-logo-upload">
              {url ? t('company.logo.replace') : t('company.logo.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? t('company.logo.hint')}
        </Text>
      </Stack>
    </Group>
  );
}
