import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CloseButton, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppointmentForm } from '@/features/appointments';
import type { WallTime } from '@/lib/clinic-time';

export interface CalendarAddFormProps {
  slot: WallTime;
  clinicId: string;
  /** The doctor the form starts with, if any. */
  doctorId: string | null;
  onClose: () => void;
}

/**
 * The Add Appointment form beside the calendar (in a drawer on a phone), for the clicked cell. Opened from the
 * keyboard, it takes the focus (the patient, the first thing to fill in); Escape or closing gives the focus back to
 * the cell it was opened from.
 */
export function CalendarAddForm({ slot, clinicId, doctorId, onClose }: CalendarAddFormProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const openedFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const active = document.activeElement as HTMLElement | null;
    if (active && !box.current?.contains(active) && active !== document.body) openedFrom.current = active;
    const first = box.current?.querySelector<HTMLElement>('[data-testid="appointment-form-patient"]')
      ?? box.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
    first?.focus();
  }, [slot.date, slot.time, doctorId]);

  const close = () => {
    const back = openedFrom.current;
    onClose();
    if (back?.isConnected) back.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape closes the form, unless it is closing an open list of options first.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    close();
  };

  return (
    <Stack gap="md" ref={box} onKeyDown={onKeyDown}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('calendar.addTitle')}</Title>
        <CloseButton onClick={close} aria-label={t('common.actions.close')} data-testid="appointment-form-close" />
      </Group>
      <AppointmentForm key={`${clinicId}-${doctorId ?? ''}`} slot={slot} clinicId={clinicId} doctorId={doctorId} compact onBooked={close} />
    </Stack>
  );
}
