/** Sign-in security: the user's own (second factors, passkeys, sessions) and the organisation's rules. */
export { IdleGuard } from './idle/idle-guard';
export { PersonSessionsCard } from './components/person-sessions-card';
