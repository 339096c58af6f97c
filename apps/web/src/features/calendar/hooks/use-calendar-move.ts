import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentCard } from '@clinic/shared';
import { useUpdateAppointment } from '@/features/appointments';
import { wallToIso, type WallTime } from '@/lib/clinic-time';
import { localiseDates } from '@/lib/dates';
import { isApiError } from '@/lib/http';

/** What the move dialog needs of an appointment: a full record (week view) or a lean card (day view). */
export type Movable = Pick<AppointmentCard, '_id' | 'patient' | 'doctor' | 'datetime' | 'version'>;

/** A card dropped on another time (and, in the day view, maybe another doctor), waiting for the user to confirm. */
export interface PendingMove {
  record: Movable;
  to: WallTime;
  /** The doctor it moves to, when that changes. */
  doctor?: { _id: string; name: string };
  revert: () => void;
}

/**
 * A dragged card's move, asked before it is made: `propose` opens the question, `confirm` reschedules the appointment
 * in the clinic's time zone, `cancel` puts the card back. A refusal shows in the dialog the user just answered.
 */
export function useCalendarMove(timeZone: string | null) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateAppointment();

  const propose = (record: Movable, to: WallTime, revert: () => void, doctor?: { _id: string; name: string }) => {
    if (!timeZone) return revert();
    setError(null);
    setPending({ record, to, revert, doctor: doctor && doctor._id !== record.doctor._id ? doctor : undefined });
  };

  const cancel = () => {
    if (mutation.isPending) return;
    pending?.revert();
    setPending(null);
    setError(null);
  };

  // The refusal shows in the dialog the user just answered; closing it puts the card back.
  const confirm = () => {
    if (!pending || !timeZone) return;
    const { record, to, doctor } = pending;
    setError(null);
    mutation.mutate(
      { id: record._id, input: { datetime: wallToIso(to.date, to.time, timeZone), ...(doctor ? { doctor: doctor._id } : {}), version: record.version } },
      {
        onSuccess: () => setPending(null),
        onError: (e) => setError(isApiError(e) ? localiseDates(e.message, i18n.language) : t('errors.unexpected')),
      },
    );
  };

  return { pending, error, saving: mutation.isPending, propose, cancel, confirm };
}

export type CalendarMove = ReturnType<typeof useCalendarMove>;
