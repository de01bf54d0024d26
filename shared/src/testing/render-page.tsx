import type { QueryClient } from '@tanstack/react-query';
import { isInaccessible, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { login } from '../auth/auth-store';
import { mockToken, resetMocks } from '../mocks';
import { mockServer } from '../mocks/node';
import { AppProviders } from '../ui/app-providers';
import { onTestFinished } from 'vitest';
import { createTestQueryClient } from './query-client';

// Test helper of the remotes' page tests (`shared/testing/render-page`). Their 30 s limit is in each package's
// vitest.config.ts.

/** Claims of the demo agent: booking-centre staff, who read reference data but do not write it. */
export const AGENT = { sub: '2', role: 'agent', name: 'Julien Bernard', email: 'agent@ebas3.fr' } as const;

export interface RecordedRequest {
  method: string;
  url: URL;
  /** The JSON body of a write (null for a GET). */
  body: Promise<unknown>;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderPageOptions {
  url: string;
  /** Route pattern of the page, e.g. '/dashboard/etablissement-details/:id'. Default: the url's path. */
  path?: string;
  /** Whose session: an administrator (default) or the demo agent. */
  role?: 'admin' | 'agent';
  /** The query cache to render over. Default: a fresh one, so no test sees another's data. */
  queryClient?: QueryClient;
}

/**
 * Renders a page as the host would (providers, router, a session) over fresh mock data, and records every API
 * request it makes. Another route than the page's shows « Autre page » (the probe gives the URL).
 */
export function renderPage(
  ui: ReactElement,
  { url, path, role = 'admin', queryClient = createTestQueryClient() }: RenderPageOptions,
) {
  resetMocks();
  login(role === 'admin' ? mockToken() : mockToken(AGENT));
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
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path ?? url.split('?')[0]} element={ui} />
          <Route path="*" element={<p>Autre page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    user: settledUser(),
    queryClient,
    requests,
    /** Requests to `pathname` (e.g. '/api/etablissements'), optionally of one method. */
    requestsTo: (pathname: string, method = 'GET') =>
      requests.filter((request) => request.url.pathname === pathname && request.method === method),
    location: () => screen.getByTestId('location').textContent,
  };
}

/**
 * A user who waits for a loading table to settle before clicking or typing in it. antd's Spin keeps its content
 * under `pointer-events: none` (and `aria-busy`) one effect after the data arrives, so a row's button found as soon
 * as it renders may not be clickable yet: user-event would refuse the click, as the browser would ignore it.
 */
function settledUser() {
  const user = userEvent.setup({ delay: null });
  const settled = (element: Element) =>
    waitFor(() => {
      if (element.closest('[aria-busy="true"]')) throw new Error('Contenu en cours de chargement');
    });
  return {
    ...user,
    click: async (element: Element) => {
      await settled(element);
      await user.click(element);
    },
    dblClick: async (element: Element) => {
      await settled(element);
      await user.dblClick(element);
    },
    type: async (element: Element, text: string, options?: Parameters<typeof user.type>[2]) => {
      await settled(element);
      await user.type(element, text, options);
    },
  };
}

/**
 * The elements matching `selector` that are not hidden from assistive technologies: what `*ByRole` finds for a role
 * given by the element or its attribute, without computing the role of every element of the page on each retry.
 */
const accessible = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => !isInaccessible(element));

// happy-dom never ends antd's leave animations: a closed popup stays in the DOM with a `*-leave` class.
const leaving = (element: Element) => element.closest('[class*="-leave"]') !== null;

/** Whether a dialog or popup showing this text is open. */
export function shown(text: string): boolean {
  return screen.queryAllByText(text).some((element) => !leaving(element));
}

/**
 * The one button showing exactly this text in the page or an open popup (closing ones left out). By text, not
 * accessible name: antd leaves a finished loading icon (« loading ») in the button under happy-dom.
 */
export function openButton(text: string): HTMLElement {
  const buttons = accessible('button, [role="button"]').filter(
    (button) =>
      button.textContent?.trim() === text &&
      (button.getAttribute('aria-label') ?? text) === text &&
      !leaving(button),
  );
  if (buttons.length !== 1) throw new Error(`${buttons.length} boutons « ${text} » visibles`);
  return buttons[0]!;
}

/**
 * The open dialog titled `title`. Not by accessible name: under NODE_ENV=test antd gives every generated id the
 * value « test-id », so `aria-labelledby` may point at another element.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = accessible('[role="dialog"]').find(
      (element) => element.querySelector('.ant-modal-title')?.textContent === title && !leaving(element),
    );
    if (!dialog) throw new Error(`Pas de fenêtre « ${title} » ouverte`);
    return dialog;
  });
}
