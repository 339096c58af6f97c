import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
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
import { demoUser, emptyList, jsonResponse, profileAnswer } from './mocks';

export { demoUser, emptyList, errorBody, jsonResponse } from './mocks';

export function testQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: lookupRefreshingMutations(() => client),
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { retry: false } },
  });
  return client;
}

/** Stores a signed-in session, as the sign-in screen does. */
export function signIn(overrides: Partial<SessionUser> = {}, remember = true) {
  const user = { ...demoUser, ...overrides };
  storeSignIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user }, remember);
  return user;
}

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** What the shell asks for on every page (the bell's count and list, the live stream), answered as "nothing new". */
function shellAnswer(url: URL): Response | null {
  if (url.pathname === '/api/live') return new Response(null, { status: 204 });
  if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { success: true, data: { unread: 0 } });
  if (url.pathname === '/api/notifications') return jsonResponse(200, emptyList());
  return null;
}

interface MockFetchOptions {
  /** The handler answers the shell's own requests (bell, live stream) too. */
  shell?: boolean;
  /**
   * Answers GET /api/profile (which the session reads on every screen behind sign-in) with this user, or with what
   * the function gives at the time; without it the handler answers the profile like any other request.
   */
  profile?: Partial<SessionUser> | (() => Partial<SessionUser>);
}

/**
 * Replaces fetch; the handler sees each request's URL (relative to localhost) and init. The shell's own requests (bell,
 * live stream) are answered here unless `shell` is set, so a page's test sees only the page's requests.
 */
export function mockFetch(handler: FetchHandler, options: MockFetchOptions = {}) {
  const { profile } = options;
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (profile && url.pathname === '/api/profile') return Promise.resolve(profileAnswer(typeof profile === 'function' ? profile() : profile));
    return Promise.resolve((!options.shell && shellAnswer(url)) || handler(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Renders the whole app (guard, shell, lazy pages) at a path, with a memory router. Only for tests about the app's
 * routing, guard or shell: a page or component is rendered by itself with `renderWithProviders`.
 */
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

interface RenderOptions {
  /**
   * The route pattern the element is shown at (`/patients/edit/:id`), so that it reads its parameters; every other
   * path renders nothing, so `router.state.location` tells where the element sent the user. Default: every path.
   */
  route?: string;
  queryClient?: QueryClient;
}

/**
 * Renders one page or component by itself: the app's providers (theme, toasts, queries, session), the date pickers'
 * settings, and a memory router at `path`. No guard, shell or lazy loading.
 */
export function renderWithProviders(ui: ReactElement, path = '/', { route, queryClient = testQueryClient() }: RenderOptions = {}) {
  const element = <LocalisedDates>{ui}</LocalisedDates>;
  const routes: RouteObject[] = route ? [{ path: route, element }, { path: '*', element: null }] : [{ path: '*', element }];
  return renderApp(path, { queryClient, routes });
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

/**
 * A field refused by the form's checks, as the user and a screen reader notice it: marked invalid, with the message
 * linked to it. (Which values a rule refuses is the shared schema's test.)
 */
export async function expectFieldError(field: HTMLElement, message: string) {
  await waitFor(() => {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    expect(described.map((id) => document.getElementById(id)?.textContent ?? '')).toContain(message);
  });
}
