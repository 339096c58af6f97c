import { CloseButton, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppointmentForm } from '@/features/appointments/components/appointment-form';
import type { WallTime } from '@/features/appointments/components/clinic-time';

export interface CalendarAddFormProps {
  slot: WallTime;
  clinicId: string;
  /** The doctor the form starts with, if any. */
  doctorId: string | null;
  onClose: () => void;
}

/** The Add Appointment form beside the calendar (in a drawer on a phone), for the clicked cell. */
export function CalendarAddForm({ slot, clinicId, doctorId, onClose }: CalendarAddFormProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('calendar.addTitle')}</Title>
        <CloseButton onClick={onClose} aria-label={t('common.actions.close')} data-testid="appointment-form-close" />
      </Group>
      <AppointmentForm key={`${clinicId}-${doctorId ?? ''}`} slot={slot} clinicId={clinicId} doctorId={doctorId} compact onBooked={onClose} />
    </Stack>
  );
}
