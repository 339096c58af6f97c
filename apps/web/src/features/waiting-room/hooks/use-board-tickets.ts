import { useEffect } from 'react';
import { useQueue } from '../api/queue';

/**
 * Today's waiting room as the front desk board shows it: the queue (for the strip of doctors) and each checked-in
 * appointment's ticket (its id and label). A card checked in here has its ticket at once: when an appointment of `arrived` has no
 * ticket yet, the queue is read again (the check-in gave it one), once for each such set of appointments.
 */
export function useBoardTickets(clinicId: string | null, board: { clinic: string; date: string } | null, arrived: string[]) {
  const queue = useQueue(clinicId, Boolean(board));
  const data = queue.data && board && queue.data.clinic._id === board.clinic && queue.data.day === board.date ? queue.data : undefined;
  const labels = new Map((data?.tickets ?? []).map((ticket) => [ticket.appointment, { id: ticket._id, label: ticket.label }]));
  const missing = data ? arrived.filter((id) => !labels.has(id)).sort().join(',') : '';
  const { refetch } = queue;
  useEffect(() => {
    if (missing) void refetch();
  }, [missing, refetch]);
  return { queue: data, labels };
}
