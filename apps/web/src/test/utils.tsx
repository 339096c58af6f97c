import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@clinic/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { LocalisedDates } from '@/app/pages-scope';
import { AppProviders } from '@/app/providers';
import { theme } from '@/app/theme';
import { routes as appRoutes } from '@/app/routes';
import { i18n } from '@/lib/i18n';
import { lookupRefreshingMutations } from '@/lib/query-client';
import { registerNavigate } from '@/lib/navigation';
import { storeSignIn } from '@/lib/session';

export function testQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: lookupRefreshingMutations(() => client),
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { retry: false } },
  });
  return client;
}

export const demoUser: SessionUser = {
  _id: 'user-1',
  publicId: 'EMP-000001',
  name: 'Amina Haddad',
  username: 'admin',
  email: 'admin@demo.clinic',
  roles: ['Admin'],
  plan: 'company',
  employeeType: 'Admin',
  permissions: ['admin'],
  companyId: 'company-1',
  image: null,
  preferences: { hijriMode: 'off', hijriModeOverride: null, companyHijriMode: 'off', digits: 'latn' },
};

/** Stores a signed-in session, as the sign-in screen does. */
export function signIn(overrides: Partial<SessionUser> = {}, remember = true) {
  const user = { ...demoUser, ...overrides };
  storeSignIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user }, remember);
  return user;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(message: string, code = 'ERROR', fields?: Record<string, string>) {
  return { success: false, message: { message, code, ...(fields ? { fields } : {}) } };
}

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** What the shell asks for on every page (the bell's count and list, the live stream), answered as "nothing new". */
function shellAnswer(url: URL): Response | null {
  if (url.pathname === '/api/live') return new Response(null, { status: 204 });
  if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { success: true, data: { unread: 0 } });
  if (url.pathname === '/api/notifications') return jsonResponse(200, { success: true, data: [] });
  return null;
}

/**
 * Replaces fetch; the handler sees each request's URL (relative to localhost) and init. The shell's own requests (bell,
 * live stream) are answered here unless `shell` is set, so a page's test sees only the page's requests.
 */
export function mockFetch(handler: FetchHandler, options: { shell?: boolean } = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    return Promise.resolve((!options.shell && shellAnswer(url)) || handler(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function emptyList() {
  return {
    success: true,
    data: [],
    pagination: { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1 },
  };
}

/** Renders the whole app (guard, shell, lazy pages) at a path, with a memory router. */
export function renderApp(path = '/', options: { routes?: RouteObject[]; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  registerNavigate((to, opts) => router.navigate(to, opts));
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one component inside the providers and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/', queryClient = testQueryClient()) {
  return renderApp(path, { queryClient, routes: [{ path: '*', element: <LocalisedDates>{ui}</LocalisedDates> }] });
}

/**
 * Only what the http client needs: the toast area and a router to send the user to /login.
 * No session provider, so no background profile request competes with the test's own.
 */
export function renderToastArea(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] });
  registerNavigate((to, opts) => router.navigate(to, opts));
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router };
}

export async function setLanguage(lang: 'en' | 'ar') {
  await i18n.changeLanguage(lang);
}
