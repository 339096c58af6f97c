import { Card, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enableSound } from '../lib/announce';

/**
 * Browsers play no sound before someone touches the page: after loading, a paired screen asks once for a tap, which
 * unlocks the chime and the voice. The board stays visible behind it.
 */
export function SoundGate({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation();
  const enable = () => {
    void enableSound();
    onEnabled();
  };
  return (
    <UnstyledButton
      onClick={enable}
      aria-label={t('queueDisplay.sound.title')}
      data-testid="display-enable-sound"
      style={{ position: 'fixed', inset: 0, zIndex: 300, padding: 16, background: 'rgba(0, 0, 0, 0.45)', display: 'grid', placeItems: 'center' }}
    >
      <Card radius="lg" padding="xl" shadow="xl" withBorder>
        <Stack align="center" gap="sm">
          <IconVolume size={64} stroke={1.4} aria-hidden />
          <Text fz="2.2rem" fw={700} ta="center">{t('queueDisplay.sound.title')}</Text>
          <Text fz="lg" c="dimmed" ta="center">{t('queueDisplay.sound.hint')}</Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
