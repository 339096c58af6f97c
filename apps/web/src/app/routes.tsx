import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import LoginPage from '@/features/auth/pages/login-page';
import { mayOpen, PAGES, type PageEntry, type PageHandle } from '@/lib/pages';
import { landingPath } from '@/lib/landing';
import { tracked } from '@/lib/pending-loads';
import { loadPageTexts } from '@/lib/i18n';
import { useSession, useSessionPreferences } from '@/lib/session-context';
import { RouteError } from './route-error';
import { PAGE_COMPONENTS, type PageModule } from './page-components';
import { loadPagesScope } from './pages-scope-loader';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/** Each screen's page module by its path (none for sign-in, which comes with the app). */
const PAGE_MODULES: Readonly<Partial<Record<string, PageModule>>> = PAGE_COMPONENTS;

/** A page: its own chunk, loaded when first shown; `preload` starts the download sooner. */
function lazyPage(load: PageModule) {
  const loadCounted = tracked(load);
  return Object.assign(lazy(loadCounted), { preload: loadCounted });
}

const NoAccessPage = lazyPage(() => import('./no-access-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
/** The patient's confirm/cancel page: public, outside the sign-in guard and the shell. */
const VisitPage = lazyPage(() => import('@/features/visit/pages/visit-page'));
/** Where a single sign-on at the organisation's identity provider ends: public, outside the sign-in guard. */
const SsoLandingPage = lazyPage(() => import('@/features/security/pages/sso-landing-page'));
/** The page of a person invited by e-mail: public too; it needs the pages' texts (the password rules among them). */
/** The check of a printed prescription (its QR code): public, with the pages' texts. */
const VerifyPage = lazyPage(() => Promise.all([import('@/features/prescriptions/pages/verify-page'), loadPageTexts()]).then(([page]) => page));
const InvitePage = lazyPage(() => Promise.all([import('@/features/invite/pages/invite-page'), loadPageTexts()]).then(([page]) => page));
/** The waiting room's screen (paired with a code, no sign-in) and the patient's place in the queue: public, with the pages' texts. */
const DisplayPage = lazyPage(() => Promise.all([import('@/features/queue-display/pages/display-page'), loadPageTexts()]).then(([page]) => page));
const QueueTicketPage = lazyPage(() => Promise.all([import('@/features/queue-display/pages/queue-ticket-page'), loadPageTexts()]).then(([page]) => page));

/**
 * A page its registry entry (lib/pages.ts) does not allow the user to open: the no-access page instead. The root (the
 * users list) leads a user who may not open it to the screen of their day.
 */
function PageGate({ path, children }: { path: string; children: ReactNode }) {
  const { permissions } = useSession();
  const startScreen = useSessionPreferences()?.startScreen;
  if (mayOpen(path, permissions)) return children;
  return path === '/' ? <Navigate to={landingPath(permissions, startScreen)} replace /> : <NoAccessPage />;
}

function route(entry: PageEntry, load: PageModule): RouteObject {
  const Page = lazyPage(load);
  return {
    path: entry.path,
    element: <PageGate path={entry.path}><Page /></PageGate>,
    handle: { preload: Page.preload } satisfies PageHandle,
  };
}

/** Around every page but sign-in: the pages' texts, the date pickers' settings and Day.js's language. */
const PagesScope = lazy(loadPagesScope);

/*
 * The route table, from the page registry (lib/pages.ts) and the page components (page-components.ts): each page is
 * its own chunk, but for the sign-in page, where every visitor without a session lands: it comes with the app itself,
 * so that it shows without another round trip.
 * A path the registry does not list shows the not-found page.
 */
export const routes: RouteObject[] = [
  { path: '/visit', element: <Suspense><VisitPage /></Suspense>, errorElement: <RouteError /> },
  { path: '/login/sso', element: <Suspense><SsoLandingPage /></Suspense>, errorElement: <RouteError /> },
  { path: '/invite', element: <Suspense><InvitePage /></Suspense>, errorElement: <RouteError /> },
  { path: '/verify/:token', element: <Suspense><VerifyPage /></Suspense>, errorElement: <RouteError /> },
  { path: '/display', element: <Suspense><DisplayPage /></Suspense>, errorElement: <RouteError /> },
  { path: '/queue', element: <Suspense><QueueTicketPage /></Suspense>, errorElement: <RouteError /> },
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          {
            element: <PagesScope />,
            children: [
              ...PAGES.flatMap((entry) => {
                const load = PAGE_MODULES[entry.path];
                return load ? [route(entry, load)] : [];
              }),
              { path: '*', element: <NotFoundPage />, handle: { notFound: true, preload: NotFoundPage.preload } satisfies PageHandle },
            ],
          },
        ],
      },
    ],
  },
];
