/** Placeholder: filled in by its part of the sign-in security work. */
export function SsoSettingsCard() {
  return null;
}
