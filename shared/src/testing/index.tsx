import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../ui/app-providers';

/** Renders a page inside the product's providers, at `url`, matched by `path` (so useParams works). */
export function renderWithProviders(
  ui: ReactElement,
  options: { url?: string; path?: string } = {},
): RenderResult {
  const { url = '/', path = '*' } = options;
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
