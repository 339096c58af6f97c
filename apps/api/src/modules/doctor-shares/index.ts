/** The doctor's share module's public entry: what billing's money events and day closes call. */
export { lockDoctorShares, recordDoctorShares } from './doctor-shares.record.js';
