import { RouterProvider } from 'react-router-dom';
import { AppProviders } from 'shared';
import { queryClient } from './query-client';
import { router } from './router';

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
