/** What other features use of sign-in: signing in with a user name and password, and where the user lands after. */
export { useLogin } from './api/login';
export { pathAfterLogin } from './login-redirect';
export { LoginToolbar } from './components/login-toolbar';
export { LoginForm } from './components/login-form';
export { useLogout } from './api/logout';
export { SecondStepForm } from './components/second-step-form';
