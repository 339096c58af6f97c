/** What other features use of the billing feature. */
export { AppointmentBilling } from './components/appointment-billing';
export { TakePaymentButton } from './components/take-payment-button';
export { formatMoney, toMajor, toMinor } from './components/money';
// The company's currency, which the doctor's share rules and payouts are typed in.
export { useBillingSettings } from './api/invoices';
// The 80 mm till strip, which the waiting room's ticket prints on too.
export { ReceiptFrame } from './components/receipt-frame';
export { default as receiptClasses } from './components/receipt.module.css';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { invoicesRequest } from './api/invoices';
