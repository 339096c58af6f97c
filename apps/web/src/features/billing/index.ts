/** What other features use of the billing feature. */
export { AppointmentBilling } from './components/appointment-billing';
export { TakePaymentButton } from './components/take-payment-button';
export { formatMoney } from './components/money';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { invoicesRequest } from './api/invoices';
