/** Placeholder: filled in by its part of the sign-in security work. */
export function PasskeysSection() {
  return null;
}
