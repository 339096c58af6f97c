import { Anchor } from '@mantine/core';

/*
 * Phone numbers and e-mail addresses read left to right in an Arabic page, each isolated from the text around it
 * (the `dir` attribute isolates), as links to call or write.
 */

/** A phone number: never broken across lines. */
export function PhoneText({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" c="inherit" underline="hover" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  );
}

/**
 * An e-mail address: when it does not fit its line it breaks after the "@" (name, then domain), and inside a part
 * only when that part alone is wider than its column.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <Anchor href={`mailto:${email}`} size="sm" c="inherit" underline="hover" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
      {at > 0 ? <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</> : email}
    </Anchor>
  );
}
