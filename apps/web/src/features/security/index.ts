/** Sign-in security: the user's own (second factors, passkeys, sessions) and the organisation's rules. */
export { SsoSignInButton } from './components/sso-sign-in-button';
