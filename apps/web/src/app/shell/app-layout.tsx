import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageHandle } from '@/lib/pages';
import { tracked } from '@/lib/pending-loads';
import { loadPagesScope } from '../pages-scope-loader';
import { EnrolmentPage, StepUpHost, useEnrolmentHeld } from './enrolment-gate';
import { GlobalLoading } from './global-loading';
import { usePageTitle } from './page-title';

/** The side navigation and the top bar: a chunk of their own, which the stand-alone pages never load. */
const loadShellFrame = tracked(() => import('./shell-frame'));
const ShellFrame = lazy(loadShellFrame);

/**
 * Starts, all at once, the chunks a page in the shell is made of: the shell, the pages' layout and texts, the page
 * (from its route's handle). Rendered one inside the other, they would otherwise load one after the other. A failure
 * is left to the component that needs the chunk.
 */
export function preloadShellPage(routeHandles: readonly unknown[]) {
  const ignore = () => undefined;
  void loadShellFrame().catch(ignore);
  void loadPagesScope().catch(ignore);
  for (const handle of routeHandles) void (handle as PageHandle | undefined)?.preload?.().catch(ignore);
}

/** Pages that stand alone, without the side navigation and the top bar. */
const BARE_PATHS = ['/login', '/register', '/selectplan', '/companyplan'];

export function isBarePath(pathname: string): boolean {
  return BARE_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, '') || '/');
}

function PageFallback() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" aria-busy>
      <Loader size="md" role="status" aria-label={t('shell.loadingPage')} />
    </Center>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = usePageTitle();

  const bare = isBarePath(pathname);
  const held = useEnrolmentHeld();
  if (!bare && !held) preloadShellPage(matches.map((match) => match.handle));

  const page = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );

  return (
    <>
      <GlobalLoading />
      {bare ? (
        page
      ) : held ? (
        <Suspense fallback={<PageFallback />}>
          <EnrolmentPage />
          <StepUpHost />
        </Suspense>
      ) : (
        <Suspense fallback={<PageFallback />}>
          <ShellFrame title={title}>{page}</ShellFrame>
          <StepUpHost />
        </Suspense>
      )}
    </>
  );
}
