import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from 'shared';
import { queryClient } from './query-client';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
