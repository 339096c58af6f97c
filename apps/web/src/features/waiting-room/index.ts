/** What other features use of the waiting room: call next, the board's ticket labels and strip, the dashboard's accuracy card. */
export { useQueue } from './api/queue';
export { useBoardTickets } from './hooks/use-board-tickets';
export { CallNextButton } from './components/call-next-button';
export { QueueStrip } from './components/queue-strip';
export { TicketLabel, TicketPrintLink } from './components/ticket-badges';
export { WaitAccuracyCard } from './components/accuracy-card';
