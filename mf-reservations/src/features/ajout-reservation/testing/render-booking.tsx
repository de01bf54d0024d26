import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders, login } from 'shared';
import { mockToken, resetReferentielMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { onTestFinished, vi } from 'vitest';

// antd under happy-dom is slow, slower still on a shared 2-core runner: a whole booking takes several seconds.
vi.setConfig({ testTimeout: 90_000 });

interface RecordedRequest {
  method: string;
  url: URL;
  body: Promise<unknown>;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the booking screen as the host would (providers, router, a session) and records its API requests. */
export function renderBooking(ui: ReactElement, url = '/dashboard/reservation_integrale') {
  resetReferentielMocks();
  login(mockToken());
  const requests: RecordedRequest[] = [];
  const record = ({ request }: { request: Request }) => {
    const parsed = new URL(request.url);
    if (!parsed.pathname.startsWith('/api/')) return;
    requests.push({
      method: request.method,
      url: parsed,
      body:
        request.method === 'GET'
          ? Promise.resolve(null)
          : request
              .clone()
              .json()
              .catch(() => null),
    });
  };
  mockServer.events.on('request:start', record);
  onTestFinished(() => {
    mockServer.events.removeListener('request:start', record);
  });
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={url.split('?')[0]} element={ui} />
          <Route path="*" element={<p>Autre page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    requestsTo: (pathname: string, method = 'GET') =>
      requests.filter((request) => request.url.pathname === pathname && request.method === method),
    location: () => screen.getByTestId('location').textContent,
  };
}
