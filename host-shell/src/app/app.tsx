import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from 'shared';
import { queryClient } from './query-client';
import { appRoutes } from './router';

function AppRoutes() {
  // Built once, from the route table bootstrap.tsx installed before the first render.
  const [routes] = useState(() => appRoutes());
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
