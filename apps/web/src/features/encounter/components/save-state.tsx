import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../lib/use-note-draft';

const LOOK: Record<SaveState, { color: string; icon: React.ReactNode }> = {
  saved: { color: 'teal', icon: <IconCloudCheck size={16} /> },
  pending: { color: 'dimmed', icon: <IconPencil size={16} /> },
  saving: { color: 'dimmed', icon: <Loader size={12} /> },
  offline: { color: 'orange', icon: <IconCloudOff size={16} /> },
  conflict: { color: 'orange', icon: <IconAlertTriangle size={16} /> },
  error: { color: 'red', icon: <IconAlertTriangle size={16} /> },
};

/** Where the draft stands, always visible: saved, saving, or kept on this device while offline. */
export function SaveStateBadge({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Group gap={6} c={look.color} role="status" aria-live="polite" data-testid="save-state" data-state={state} wrap="nowrap">
      {look.icon}
      <Text size="sm" fw={500}>{t(`encounter.saveState.${state}`)}</Text>
    </Group>
  );
}
