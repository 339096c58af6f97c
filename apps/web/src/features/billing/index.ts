/** What other features use of the billing feature. */
export { AppointmentBilling } from './components/appointment-billing';
export { TakePaymentButton } from './components/take-payment-button';
export { formatMoney } from './components/money';
