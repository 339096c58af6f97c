import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, TOAST_MS } from '@clinic/shared';
import { useFirstInteraction } from '@/lib/first-interaction';
import { directionOf } from '@/lib/i18n';
import { SessionProvider } from '@/lib/session-context';
import { contrastResolver, localisedTheme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
const Notifications = lazy(() => import('./toasts'));

/**
 * Mantine's toast area. Toasts answer what the user does, so its code loads with the user's first press of a key or
 * pointer (or with the first toast, if one comes earlier), not with the app: the sign-in page stays lighter.
 */
function DeferredNotifications(props: NotificationsProps) {
  const interacted = useFirstInteraction();
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (interacted || notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}

/** Keeps Mantine's direction in step with the language (Arabic is right-to-left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const dir = directionOf(i18n.language);
  useEffect(() => {
    setDirection(dir);
  }, [dir, setDirection]);
  return null;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** `test` disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const { t, i18n } = useTranslation();
  const togglePassword = t('common.actions.togglePassword');
  const clear = t('common.actions.clear');
  const close = t('common.actions.close');
  const themed = useMemo(() => localisedTheme({ togglePassword, clear, close }), [togglePassword, clear, close]);
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <MantineProvider
        theme={themed}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={contrastResolver}
        defaultColorScheme="auto"
        env={env}
      >
        <DirectionSync />
        <DeferredNotifications limit={20} position="top-right" autoClose={TOAST_MS} zIndex={1000} />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
