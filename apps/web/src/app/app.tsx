import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

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
