/** What other features use of the audit feature. */
export { RecordAccessCard } from './components/record-access-card';
