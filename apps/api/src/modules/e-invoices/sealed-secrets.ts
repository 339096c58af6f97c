import { AppError } from '../../lib/errors.js';
import { open } from '../../lib/secret-box.js';

/*
 * The stamp key and the certificate's API secret are kept sealed under the server's secret (lib/secret-box.ts). Once
 * that secret changed (or the data was restored into another installation) they no longer open: issuing a document
 * is refused (409 E_INVOICE_KEY_UNREADABLE, nothing committed) and a pending submission is failed with the same
 * words, both telling to onboard with ZATCA again; never a server error or a raw cryptographic message.
 */

export const KEY_UNREADABLE_MESSAGE = 'errors.eInvoices.keyUnreadable';

export const keyUnreadable = () => new AppError(409, 'E_INVOICE_KEY_UNREADABLE', KEY_UNREADABLE_MESSAGE);

/** The plaintext of one of the company's sealed e-invoicing secrets, or 409 E_INVOICE_KEY_UNREADABLE. */
export function openSealed(secret: string, purpose: string, sealed: string): string {
  try {
    return open(secret, purpose, sealed);
  } catch {
    throw keyUnreadable();
  }
}
