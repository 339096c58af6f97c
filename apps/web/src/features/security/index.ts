/** Sign-in security: the user's own (second factors, passkeys, sessions) and the organisation's rules. */
export { PasskeySignInButton } from './components/passkey-sign-in-button';
export { PasskeyStepButton } from './components/passkey-step-button';
