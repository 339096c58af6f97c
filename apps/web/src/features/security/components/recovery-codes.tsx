import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Saves the codes as a text file. */
function download(codes: string[], heading: string) {
  const url = URL.createObjectURL(new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'clinic-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Ten recovery codes, shown this once: to copy or download before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Text fw={600}>{t('security.twoFactor.recoveryTitle')}</Text>
      <Text size="sm" c="dimmed">{t('security.twoFactor.recoveryIntro')}</Text>
      <SimpleGrid cols={2} spacing="xs" dir="ltr">
        {codes.map((code) => <Code key={code} fz="sm" ta="center">{code}</Code>)}
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes, t('security.twoFactor.fileHeading'))}>
          {t('security.twoFactor.download')}
        </Button>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {t(copied ? 'security.twoFactor.copied' : 'security.twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('security.twoFactor.done')}</Button>
      </Group>
    </Stack>
  );
}
