import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { hasToken } from '@/lib/session';
import { AppProviders } from './providers';
import { routes } from './routes';
import { isBarePath, preloadShellPage } from './shell/app-layout';

const router = createBrowserRouter(routes);

// Signed in, the first page's chunks start now, alongside the active language's texts rather than after them.
if (hasToken() && !isBarePath(router.state.location.pathname)) {
  preloadShellPage(router.state.matches.map((match) => match.route.handle));
}

export function App() {
  useEffect(() => {
    registerNavigate((to, options) => router.navigate(to, options));
    return () => registerNavigate(null);
  }, []);

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
