import { ActionIcon, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDots, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PatientMedicationRecord } from '@clinic/shared';
import { formatDate } from '@/lib/dates';
import type { CloseAction } from './close-medication-dialog';
import { directionsText } from './medication-options';
import { medicationName, strengthText } from './medication-text';

const STATUS_COLOR = { active: 'teal', stopped: 'red', completed: 'gray' } as const;

/**
 * One medication: name (the catalogue's Arabic name in Arabic, where it has one) and strength, the directions written
 * out, its dates, and for a closed one who closed it and why.
 */
export function MedicationRow({ entry, canWrite, onClose }: { entry: PatientMedicationRecord; canWrite: boolean; onClose: (action: CloseAction) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const active = entry.status === 'active';
  const since = t('medicines.list.since', { date: formatDate(entry.startDate, lang) });
  const until = entry.endDate ? t('medicines.list.until', { date: formatDate(entry.endDate, lang) }) : '';
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={6} data-testid="medication-row" data-status={entry.status} style={{ opacity: active ? 1 : 0.8 }}>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} td={active ? undefined : 'line-through'} data-testid="medication-name">
            {[medicationName(entry.name, entry.nameAr, lang), strengthText(entry.strength, lang)].filter(Boolean).join(' ')}
          </Text>
          {/* Named in Arabic: the name it was recorded under stays in sight (the packs and the prescriptions carry it). */}
          {medicationName(entry.name, entry.nameAr, lang) !== entry.name && (
            <Text size="xs" c="dimmed" dir="ltr" data-testid="medication-latin-name">{entry.name}</Text>
          )}
          <Badge size="xs" variant="light" color={STATUS_COLOR[entry.status]} tt="none" data-testid="medication-status">
            {t(`medicines.status.${entry.status}`)}
          </Badge>
        </Group>
        <Text size="sm" data-testid="medication-directions">{directionsText(entry, lang)}</Text>
        <Text size="xs" c="dimmed">{[since, until].filter(Boolean).join(' · ')}</Text>
        {!active && (entry.statusReason || entry.statusChangedBy) && (
          <Text size="xs" c="dimmed" data-testid="medication-reason" style={{ overflowWrap: 'anywhere' }}>
            {t(`medicines.list.${entry.status}By`, { name: entry.statusChangedBy?.name ?? '' })}
            {entry.statusReason ? `: ${entry.statusReason}` : ''}
          </Text>
        )}
      </Stack>
      {active && canWrite && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('medicines.list.actions')} data-testid="medication-actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPlayerStop size={14} />} color="red" onClick={() => onClose('stop')} data-testid="medication-stop">
              {t('medicines.close.stop')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCircleCheck size={14} />} onClick={() => onClose('complete')} data-testid="medication-complete">
              {t('medicines.close.complete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
