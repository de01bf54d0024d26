import type { ReactElement } from 'react';
import { renderPage } from 'shared/testing/render-page';
import { vi } from 'vitest';

// antd under happy-dom is slow, slower still on a shared 2-core runner: a whole booking takes several seconds.
vi.setConfig({ testTimeout: 90_000 });

/** Renders the booking screen as the host would (providers, router, a session) and records its API requests. */
export function renderBooking(ui: ReactElement, url = '/dashboard/reservation_integrale') {
  return renderPage(ui, { url });
}
