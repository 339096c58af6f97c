import { useEffect, type ReactNode } from 'react';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, TOAST_MS } from '@clinic/shared';
import { directionOf } from '@/lib/i18n';
import { SessionProvider } from '@/lib/session-context';
import { theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

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

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** `test` disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const { i18n } = useTranslation();
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        env={env}
      >
        <DirectionSync />
        <Notifications limit={20} position="top-right" autoClose={TOAST_MS} zIndex={1000} />
        <LocalisedDates>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>{children}</SessionProvider>
          </QueryClientProvider>
        </LocalisedDates>
      </MantineProvider>
    </DirectionProvider>
  );
}
