import { Navigate, Outlet, useLocation } from 'react-router';
import { hasToken, isLoginToRegister } from '@/lib/session';

/** Sign-in and registration pages: open without a session, and pointless with one. */
const PUBLIC_ONLY_PATHS = ['/login', '/register', '/selectplan', '/companyplan'];

export function isPublicOnlyPath(pathname: string): boolean {
  return PUBLIC_ONLY_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, '') || '/');
}

/**
 * Authentication is the only guard: without a token (and outside the registration wizard) every page
 * leads to /login; with one, the sign-in and registration pages lead to /. The check runs on each
 * route change, so an ended session keeps its page until the user is sent to /login.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const signedIn = hasToken();
  const inWizard = isLoginToRegister();

  if (!signedIn && !inWizard && !isPublicOnlyPath(pathname)) {
    return <Navigate to="/login" replace />;
  }
  if (signedIn && !inWizard && isPublicOnlyPath(pathname)) {
    return <Navigate to="/" replace />;
  }
  return <Outlet />;
}
