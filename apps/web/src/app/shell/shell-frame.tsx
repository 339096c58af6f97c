import { useState, type ReactNode } from 'react';
import { AppShell, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useLiveEvents } from '@/features/notifications';
import { IdleGuard } from '@/features/security';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import classes from './shell.module.css';

/** At 768px and below the side navigation turns into a drawer. */
export const PHONE_QUERY = '(max-width: 768px)';

interface ShellFrameProps {
  /** The page's title, shown in the top bar. */
  title: string;
  /** The page. */
  children: ReactNode;
}

/** The top bar and the side navigation (a drawer on phones) around a page. */
export default function ShellFrame({ title, children }: ShellFrameProps) {
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  // The drawer belongs to the page it was opened on; a new route starts with it closed.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpened = drawerAt === pathname;
  useLiveEvents();

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 'max(248px, 15vw)', breakpoint: 769, collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <IdleGuard />
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
          // From the side of the ☰ button, the start of the line: Mantine's Drawer already mirrors 'left' to the
          // right (and slides it in from there) when the page is right-to-left, so one side serves both languages.
          position="left"
          withCloseButton={false}
          padding={0}
          styles={{ body: { height: '100%' } }}
        >
          <Sidebar onNavigate={() => setDrawerAt(null)} />
        </Drawer>
      )}
      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
    </AppShell>
  );
}
