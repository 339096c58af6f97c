export { StatusBadge } from './status-badge';
