import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/*
 * The route table. Each page is its own chunk. A feature adds its pages here; a path not listed shows
 * the not-found page.
 */
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const UsersPage = lazy(() => import('@/features/users/pages/users-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const AuditPage = lazy(() => import('@/features/audit/pages/audit-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/', element: <UsersPage /> },
          { path: '/users', element: <UsersPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/audit', element: <AuditPage /> },
          { path: '*', element: <NotFoundPage />, handle: { notFound: true } },
        ],
      },
    ],
  },
];
