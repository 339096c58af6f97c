import { useTranslation } from 'react-i18next';
import type { QueuePriority, TicketRecord, TicketUpdateInput } from '@clinic/shared';
import { notifySuccess } from '@/lib/notify';
import { callNext, callTicket, skipTicket, updateTicket, useQueueChange } from '../api/queue';

/**
 * What staff do to the queue, each saying what happened in a toast ("A-007 called: Sara Nasser"); a refusal (someone
 * called that patient first, no one is waiting) shows the server's message and the queue is read again.
 */
export function useTicketActions() {
  const { t } = useTranslation();
  const called = (ticket: TicketRecord) => notifySuccess(t('waitingRoom.toast.called', { label: ticket.label, name: ticket.patient.name }));
  const next = useQueueChange(({ clinic, doctor }: { clinic: string; doctor?: string }) => callNext(clinic, doctor), called);
  const call = useQueueChange(
    (ticket: TicketRecord) => callTicket(ticket),
    (ticket) => (ticket.callCount > 1 ? notifySuccess(t('waitingRoom.toast.recalled', { label: ticket.label })) : called(ticket)),
  );
  const skip = useQueueChange((ticket: TicketRecord) => skipTicket(ticket), (ticket) => notifySuccess(t('waitingRoom.toast.skipped', { label: ticket.label })));
  const priority = useQueueChange(
    ({ ticket, priority: p }: { ticket: TicketRecord; priority: QueuePriority }) => updateTicket(ticket._id, { version: ticket.version, priority: p }),
    (ticket) => notifySuccess(t('waitingRoom.toast.priority', { label: ticket.label, priority: t(`waitingRoom.priority.${ticket.priority}`) })),
  );
  const transfer = useQueueChange(
    ({ ticket, input }: { ticket: TicketRecord; input: Omit<TicketUpdateInput, 'version'> }) => updateTicket(ticket._id, { version: ticket.version, ...input }),
    (ticket) => notifySuccess(t('waitingRoom.toast.transferred', { label: ticket.label })),
  );
  return { next, call, skip, priority, transfer };
}
