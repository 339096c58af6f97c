import { Suspense, useState } from 'react';
import { AppShell, Center, Drawer, Loader, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GlobalLoading } from './global-loading';
import { usePageTitle } from './page-title';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import classes from './shell.module.css';

/** Pages that stand alone, without the side navigation and the top bar. */
const BARE_PATHS = ['/login', '/register', '/selectplan', '/companyplan'];

export function isBarePath(pathname: string): boolean {
  return BARE_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, '') || '/');
}

/** At 768px and below the side navigation turns into a drawer. */
export const PHONE_QUERY = '(max-width: 768px)';

function PageFallback() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" aria-busy>
      <Loader size="md" aria-label={t('shell.loadingPage')} />
    </Center>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  const { dir } = useDirection();
  const title = usePageTitle();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  // The drawer belongs to the page it was opened on; a new route starts with it closed.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpened = drawerAt === pathname;

  const page = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );

  if (isBarePath(pathname)) {
    return (
      <>
        <GlobalLoading />
        {page}
      </>
    );
  }

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 'max(248px, 15vw)', breakpoint: 769, collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <GlobalLoading />
      <AppShell.Header className={classes.header}>
        <TopBar
          title={title}
          navigationOpened={drawerOpened}
          onToggleNavigation={() => setDrawerAt(drawerOpened ? null : pathname)}
        />
      </AppShell.Header>
      {!isPhone && (
        <AppShell.Navbar className={classes.navbar}>
          <Sidebar />
        </AppShell.Navbar>
      )}
      {isPhone && (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerAt(null)}
          size={280}
          position={dir === 'rtl' ? 'right' : 'left'}
          withCloseButton={false}
          padding={0}
          styles={{ body: { height: '100%' } }}
        >
          <Sidebar onNavigate={() => setDrawerAt(null)} />
        </Drawer>
      )}
      <AppShell.Main className={classes.main}>{page}</AppShell.Main>
    </AppShell>
  );
}
