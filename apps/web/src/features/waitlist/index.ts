/** What other features use of the waitlist feature. */
export { WaitlistMatches } from './components/waitlist-matches';
