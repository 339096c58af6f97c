/** The sessions module's public entry: sign-in sessions, their history, new-device e-mail, the organisation's session rules. */
export { sessionRoutes } from './sessions.routes.js';
export { NEW_DEVICE_JOB, newDeviceJobHandler, noteSignInDevice } from './new-device.js';
export { stampLapsedSessions } from './sessions.repository.js';
