// The two data sets. Shared by the generator and the runner, so the runner knows where free slots are.
// The sizes live with the generator (apps/api/src/seed/bulk.ts), which the API's query-plan test uses too.
export { BENCH_TIERS as TIERS } from '../../apps/api/dist/seed/bulk.js';

/** Every bench clinic is open Sunday to Thursday 08:00-20:00 in Asia/Riyadh (no daylight saving). */
export const BENCH_TZ = 'Asia/Riyadh';
export const BENCH_TZ_OFFSET = '+03:00';
export const CLINIC_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'];
export const CLINIC_HOURS = { startTime: '08:00', endTime: '20:00' };
/** Doctors work 09:00-17:00 on the clinic's days; visits are 30 minutes. */
export const DOCTOR_HOURS = { startTime: '09:00', endTime: '17:00' };
export const VISIT_MINUTES = 30;
/** Appointments fill the past and the next 14 days; days 30 to 90 from the seed date stay free for booking. */
export const FUTURE_FILLED_DAYS = 14;
export const FREE_FROM_DAY = 30;
export const FREE_TO_DAY = 90;

export const BENCH_ADMIN = { username: 'bench', email: 'bench@bench.clinic', password: 'Bench@1234' };
