/** The waiting room's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { issueTicket, type IssueTicket } from './waiting-room.issue.js';
export { QUEUE_TEXT_JOB, queueTextJobHandler } from './waiting-room.text.js';
export { queueScope } from './waiting-room.queue.js';
export { inQueueScope, type QueueScope } from './waiting-room.repository.js';
