import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../ui/app-providers';
import { createTestQueryClient } from './query-client';

export { createTestQueryClient } from './query-client';

/**
 * Renders a page inside the product's providers, at `url`, matched by `path` (so useParams works), with a fresh
 * query cache (given as `queryClient`, e.g. to render twice over the same cache).
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { url?: string; path?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const { url = '/', path = '*', queryClient = createTestQueryClient() } = options;
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
export { productDeclarations } from './product-declarations';
