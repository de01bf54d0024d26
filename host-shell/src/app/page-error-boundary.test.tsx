import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

afterEach(cleanup);

// A page whose code cannot be fetched (the server down): its import rejects as a failed chunk load does.
const Unreachable = lazy(() => Promise.reject(new Error('Loading chunk 42 failed.')));

function GoHome() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate('/ailleurs')}>Aller ailleurs</button>;
}

describe('PageErrorBoundary', () => {
  it('says in French that the page could not be loaded, keeps the frame, and clears on another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/page']}>
        <GoHome />
        <Routes>
          <Route
            path="/page"
            element={
              <PageErrorBoundary>
                <Suspense fallback="chargement">
                  <Unreachable />
                </Suspense>
              </PageErrorBoundary>
            }
          />
          <Route path="/ailleurs" element={<PageErrorBoundary>Autre page</PageErrorBoundary>} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain("Cette page n'a pas pu être chargée");
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    // The frame around the page (here the button standing for the shell's menu) is still there and works.
    fireEvent.click(screen.getByRole('button', { name: 'Aller ailleurs' }));
    expect(await screen.findByText('Autre page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
