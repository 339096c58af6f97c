/** Signing out lives with the session (lib/sign-out.ts): the idle guard signs out too. */
export { logout, useLogout } from '@/lib/sign-out';
