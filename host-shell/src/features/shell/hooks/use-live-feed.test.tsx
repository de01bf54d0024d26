import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  AppProviders,
  demandeKeys,
  login,
  notificationStore,
  REALTIME_EVENTS,
  reservationKeys,
  resetNotifications,
} from 'shared';
import { publishRealtimeEvent, realtimeStore, setRealtimeStatus } from 'shared/realtime';
import { mockToken, pushMockNotification, resetNotificationMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { createTestQueryClient } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardLayout from '../components/dashboard-layout';
import { connectRealtime, type RealtimeCallbacks } from '../realtime/connect-realtime';
import { REALTIME_SOCKET_OPTIONS, socketErrorMessage } from '../realtime/socket-options';
import { LIVE_FEED_DELAY_MS } from './use-live-feed';

// No socket in component tests: the connection is replaced, its events published as the real one does.
vi.mock('../realtime/connect-realtime', () => ({ connectRealtime: vi.fn() }));

let callbacks: RealtimeCallbacks | undefined;
const closeSocket = vi.fn();

beforeEach(() => {
  resetNotifications();
  resetNotificationMocks();
  callbacks = undefined;
  closeSocket.mockReset();
  vi.mocked(connectRealtime).mockReset();
  vi.mocked(connectRealtime).mockImplementation((given) => {
    callbacks = given;
    setRealtimeStatus({ state: 'open', error: null });
    return Promise.resolve(closeSocket);
  });
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  mockServer.events.removeAllListeners();
});

function renderShell() {
  login(mockToken());
  const queryClient = createTestQueryClient();
  const invalidated: unknown[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters as never);
  }) as typeof queryClient.invalidateQueries;
  const seen: string[] = [];
  mockServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/notifications'))
      seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <h1>Accueil</h1> },
          { path: '*', element: <h1>Écran</h1> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { view, seen, invalidated, router };
}

const bell = () => screen.getByRole('button', { name: /^Notifications \(/ });
const findRealtimeState = () => screen.findByTestId('realtime-state', {}, { timeout: 10_000 });

async function started() {
  await screen.findByRole('heading', { name: 'Accueil' });
  await act(() => vi.advanceTimersByTimeAsync(LIVE_FEED_DELAY_MS + 100));
  await waitFor(() => expect(connectRealtime).toHaveBeenCalledOnce());
}

// The shell, antd's panel and the mocked API on a busy 2-core runner: seconds, not milliseconds.
describe('the live feed of the shell', { timeout: 20_000 }, () => {
  it('opens no socket and asks no notification while the dashboard first shows; then the first page, then the socket', async () => {
    const { seen } = renderShell();
    // Rendered, effects run: nothing asked yet, the socket's module not even imported.
    expect(connectRealtime).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
    await started();
    expect(seen).toEqual(['GET /api/notifications?page=1&pageSize=20']);
    // The mocks' feed: 45 notifications, 5 unread.
    expect(bell().getAttribute('aria-label')).toBe('Notifications (5 non lues)');
    expect(notificationStore.getState()).toMatchObject({ page: 1, hasMore: true });
    // The dot is deferred like the feed (lib/deferred.tsx): its own chunk, imported once the delay is over.
    expect((await findRealtimeState()).dataset.state).toBe('open');
  });

  it("a 'notification' shows a toast top right 350 px wide, goes on top of the feed, raises the badge and refreshes the totals", async () => {
    const { invalidated } = renderShell();
    await started();
    act(() =>
      publishRealtimeEvent(REALTIME_EVENTS.notification, {
        id: 900,
        title: "Nouvelle demande d'hébergement",
        message: 'Demande n° 900 transmise par Association Horizon.',
        timestamp: '2026-01-20T10:00:00.000Z',
        lien: '/dashboard/demande-hebergement/900',
      }),
    );
    const toast = await screen.findByText('Demande n° 900 transmise par Association Horizon.');
    expect(toast.closest('.ant-notification-topRight')).toBeTruthy();
    expect((toast.closest('.ant-notification-notice') as HTMLElement).style.width).toBe('350px');
    expect(notificationStore.getState().items[0]).toMatchObject({
      id: '900',
      lien: '/dashboard/demande-hebergement/900',
    });
    expect(bell().getAttribute('aria-label')).toBe('Notifications (6 non lues)');
    expect(invalidated).toEqual(expect.arrayContaining([demandeKeys.counts(), reservationKeys.counts()]));

    // The same event again (a resync racing the live feed): no second toast, no second item.
    act(() =>
      publishRealtimeEvent(REALTIME_EVENTS.notification, {
        id: 900,
        title: "Nouvelle demande d'hébergement",
        message: 'Demande n° 900 transmise par Association Horizon.',
        timestamp: '2026-01-20T10:00:00.000Z',
        lien: '/dashboard/demande-hebergement/900',
      }),
    );
    expect(screen.getAllByText('Demande n° 900 transmise par Association Horizon.')).toHaveLength(1);
    expect(bell().getAttribute('aria-label')).toBe('Notifications (6 non lues)');
  });

  it('after a reconnection, asks what came after the last id seen and merges it without toasts', async () => {
    const { seen } = renderShell();
    await started();
    const missed = [pushMockNotification('Manquée pendant la coupure 1'), pushMockNotification('Manquée 2')];
    await act(async () => {
      callbacks?.onReconnect();
      await vi.advanceTimersByTimeAsync(50);
    });
    await waitFor(() => expect(seen).toContain('GET /api/notifications?page=1&pageSize=100&since=45'));
    await waitFor(() => expect(notificationStore.getState().items[0]?.id).toBe(String(missed[1]!.id)));
    expect(notificationStore.getState().items[1]?.id).toBe(String(missed[0]!.id));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (7 non lues)');
    expect(screen.queryByText('Manquée 2', { selector: '.ant-notification-notice-description' })).toBeNull();
  });

  it('the bell loads the next page 100 px before the bottom, and marks read on the server', async () => {
    const { seen, router } = renderShell();
    await started();
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(panel).getByTestId('notification-list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 1500 });
    list.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(notificationStore.getState().items).toHaveLength(40));
    expect(seen).toContain('GET /api/notifications?page=2&pageSize=20');

    await user.click(within(panel).getByRole('button', { name: /Demande n° 1045/ }));
    await waitFor(() => expect(seen).toContain('PUT /api/notifications/45/read'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (4 non lues)');
    // The click goes to the notification's link.
    expect(router.state.location.pathname).toBe('/dashboard/demande-hebergement/45');
  });

  it('closes the socket and empties the feed when the shell goes (logout)', async () => {
    const { view } = renderShell();
    await started();
    view.unmount();
    expect(closeSocket).toHaveBeenCalledOnce();
    expect(notificationStore.getState().items).toEqual([]);
  });
});

describe('socket states and errors', { timeout: 20_000 }, () => {
  it("holds spec §9's socket constants", () => {
    expect(REALTIME_SOCKET_OPTIONS).toEqual({
      transports: ['websocket'],
      withCredentials: true,
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    });
  });

  it("maps the spec's socket errors to French", () => {
    expect(socketErrorMessage(new Error('operation has timed out'))).toBe(
      'Le délai de connexion au service temps réel est dépassé.',
    );
    expect(socketErrorMessage('socket has been disconnected')).toBe(
      'La connexion temps réel a été interrompue.',
    );
    expect(socketErrorMessage(new Error('timeout'))).toBe(
      'Le service temps réel ne répond pas (délai dépassé).',
    );
    expect(socketErrorMessage(new Error('parse error'))).toBe(
      'Message temps réel illisible reçu du serveur.',
    );
    expect(socketErrorMessage(new Error('unsupported protocol version'))).toMatch(/version.*incompatible/);
    // The server's refusals are already French.
    expect(socketErrorMessage(new Error("Votre session a expiré ou n'est plus valide."))).toBe(
      "Votre session a expiré ou n'est plus valide.",
    );
  });

  it('shows the state discreetly in the top bar, with the last error', async () => {
    vi.mocked(connectRealtime).mockImplementation(() => {
      setRealtimeStatus({ state: 'opening', error: 'Le service temps réel est injoignable.' });
      return Promise.resolve(closeSocket);
    });
    renderShell();
    await started();
    const state = await findRealtimeState();
    expect(state.dataset.state).toBe('opening');
    expect(state.getAttribute('aria-label')).toBe(
      'Temps réel : connexion en cours… — Le service temps réel est injoignable.',
    );
    act(() => setRealtimeStatus({ state: 'closed' }));
    expect(screen.getByTestId('realtime-state').dataset.state).toBe('closed');
    expect(realtimeStore.getState().state).toBe('closed');
    // The shell keeps working: the bell still opens.
    expect(bell()).toBeTruthy();
  });
});
