/** The jobs module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { backoffMs, errorText } from './jobs.domain.js';
export { insertJob, JOBS_CHANNEL, wakeRunners } from './jobs.repository.js';
export { type ClaimedJob, type JobContext, type JobHandler } from './jobs.runner.js';
