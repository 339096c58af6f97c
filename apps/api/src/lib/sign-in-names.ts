/**
 * Which sign-in name a failed write found already taken, from the database's answer: sign_in_names (kept by a
 * trigger on employees, in the same transaction as the account) names its unique index. Null for any other error.
 */
export function takenSignInName(err: unknown): 'username' | 'email' | null {
  const e = err as { constraint?: string; message?: string; cause?: { constraint?: string; message?: string } };
  const text = String(e.cause?.constraint ?? e.constraint ?? e.cause?.message ?? e.message ?? '');
  if (text.includes('sign_in_names_username_uq')) return 'username';
  if (text.includes('sign_in_names_email_uq')) return 'email';
  return null;
}
