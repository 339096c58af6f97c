import { Alert, Button, Loader, Text } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NextFreeSlot } from '@clinic/shared';
import { formatDay } from '@/lib/dates';
import { useNextFree } from '../api/get-next-free';
import { wallOf } from '@/lib/clinic-time';

/** "Tue, 10 Mar 10:20 with Dr. Omar Haddad", in the clinic's own time (the time kept left-to-right in Arabic). */
export function useSlotLabel() {
  const { t, i18n } = useTranslation();
  return (slot: Pick<NextFreeSlot, 'datetime' | 'doctor'>) => {
    const wall = wallOf(slot.datetime);
    const day = formatDay(wall.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });
    return t('appointments.nextFree.slot', { day, time: `\u2066${wall.time}\u2069`, doctor: slot.doctor.name });
  };
}

interface NextFreeHintProps {
  clinic: string | null;
  service: string | null;
  /** The doctor chosen so far (null: any who provides the service). */
  doctor: string | null;
  onPick: (slot: NextFreeSlot) => void;
}

/** "First available: Tue 10:20 with Dr. X" once a clinic and a service are chosen; clicking it takes that slot. */
export function NextFreeHint({ clinic, service, doctor, onPick }: NextFreeHintProps) {
  const { t } = useTranslation();
  const next = useNextFree(clinic && service ? { clinic, service, doctor, limit: 1 } : null);
  const label = useSlotLabel();
  if (!clinic || !service) return null;
  const slot = next.data?.[0];
  if (next.isPending) {
    return (
      <Text size="xs" c="dimmed" data-testid="next-free-hint">
        <Loader size={10} me={6} />
        {t('appointments.nextFree.finding')}
      </Text>
    );
  }
  if (!slot) {
    return (
      <Text size="xs" c="dimmed" data-testid="next-free-hint">
        {next.isError ? next.error.message : t('appointments.nextFree.none')}
      </Text>
    );
  }
  return (
    <Alert variant="light" color="teal" p="xs" icon={<IconClockPlay size={18} />} data-testid="next-free-hint">
      <Button variant="subtle" color="teal" size="compact-sm" onClick={() => onPick(slot)} data-testid="next-free-pick" style={{ whiteSpace: 'normal', height: 'auto' }}>
        {t('appointments.nextFree.offer', { slot: label(slot) })}
      </Button>
    </Alert>
  );
}
