import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDots, IconLock, IconPlayerStop } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientMedicationRecord } from '@clinic/shared';
import { formatDate } from '@/lib/dates';
import type { CloseAction } from './close-medication-dialog';
import { directionsText } from './medication-options';
import { medicationName, strengthText } from './medication-text';

const STATUS_COLOR = { active: 'teal', stopped: 'red', completed: 'gray' } as const;

/** When it was started and until when, as a line. */
function datesText(entry: PatientMedicationRecord, t: (key: string, options?: Record<string, string>) => string, lang: string): string {
  const since = t('medicines.list.since', { date: formatDate(entry.startDate, lang) });
  const until = entry.endDate ? t('medicines.list.until', { date: formatDate(entry.endDate, lang) }) : '';
  return [since, until].filter(Boolean).join(' · ');
}

/**
 * A medication recorded at another doctor's sensitive encounter: its state and dates, and where to open it with a
 * reason; no drug, directions or actions (the answer carries none).
 */
export function RestrictedMedicationRow({ entry }: { entry: PatientMedicationRecord }) {
  const { t, i18n } = useTranslation();
  const text = t('medicines.list.restricted');
  return (
    <Stack gap={2} py={6} data-testid="medication-row" data-status={entry.status} data-restricted>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fs="italic" c="dimmed" style={{ minWidth: 0 }}>
          {entry.encounter ? <Anchor component={Link} to={`/encounters/${entry.encounter}`} inherit>{text}</Anchor> : text}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLOR[entry.status]} tt="none" style={{ flexShrink: 0, marginTop: 2 }} data-testid="medication-status">
          {t(`medicines.status.${entry.status}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">{datesText(entry, t, i18n.language)}</Text>
    </Stack>
  );
}

/**
 * One medication: name (the catalogue's Arabic name in Arabic, where it has one) and strength, the directions written
 * out, its dates, and for a closed one who closed it and why.
 */
export function MedicationRow({ entry, canWrite, onClose }: { entry: PatientMedicationRecord; canWrite: boolean; onClose: (action: CloseAction) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const active = entry.status === 'active';
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
        <Text size="xs" c="dimmed">{datesText(entry, t, lang)}</Text>
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
