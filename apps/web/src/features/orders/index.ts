/** The orders feature: what the encounter screen, the patient page and My day embed. */
export { OrdersPanel } from './components/orders-panel';
export { OrderResults } from './components/order-results';
export { ResultFlagBadge } from './components/result-flag';
export { ResultsToReview } from './components/results-to-review';
export { ordersKeys } from './api/orders-api';
