import { useEffect, useState } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';
import { enableSound } from '../lib/announce';

function useFullScreen() {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return full;
}

/** The screen's own small buttons: full screen (a tap, so it unlocks sound too), language, light or dark. */
export function DisplayControls() {
  const { t } = useTranslation();
  const full = useFullScreen();
  const supported = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  const label = full ? t('queueDisplay.board.exitFullScreen') : t('queueDisplay.board.fullScreen');
  const toggle = () => {
    void enableSound();
    if (full) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {supported && (
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} onClick={toggle} data-testid="display-full-screen">
            {full ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
      <LanguageMenu />
      <ThemeToggle />
    </Group>
  );
}
