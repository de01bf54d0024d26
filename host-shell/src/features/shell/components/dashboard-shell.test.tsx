import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import {
  addNotificationPage,
  addNotifications,
  AppProviders,
  dashboardContentName,
  decodeToken,
  login,
  menuGroups,
  notificationStore,
  notificationsUnavailable,
  resetNotifications,
} from 'shared';
import { mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { createTestQueryClient, renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey, currentUserQueryOptions } from '../api/get-current-user';
import DashboardLayout from './dashboard-layout';
import { NotificationBell } from './notification-bell';
import { SideMenu, visibleMenu } from './side-menu';
import { TopBar } from './top-bar';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

// The three parts of the dashboard shell share one file: each test file pays antd's import once (~2 s on 2 cores).

const admin = decodeToken(mockToken({ role: 'admin' }));
const agent = decodeToken(mockToken({ role: 'agent' }));

const ALL_GROUPS = [
  'Reservation',
  'Demande hébergement',
  'Pointage',
  'Rooming',
  'Etablissement',
  'Client',
  'Statistiques',
  'Facturation',
  'Utilisateurs',
];

/** Labels of the top-level groups, in the order shown. */
function groupLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Menu principal' });
  return Array.from(nav.querySelectorAll('.ant-menu-submenu-title .ant-menu-title-content')).map(
    (el) => el.textContent ?? '',
  );
}

describe('SideMenu', () => {
  it('shows the 8 groups, Etablissement included, to an admin', () => {
    renderWithProviders(<SideMenu claims={admin} />, { url: '/dashboard' });
    expect(groupLabels()).toEqual(ALL_GROUPS);
  });

  it('hides the Etablissement and Utilisateurs groups from an agent', () => {
    renderWithProviders(<SideMenu claims={agent} />, { url: '/dashboard' });
    expect(groupLabels()).toEqual(
      ALL_GROUPS.filter((label) => label !== 'Etablissement' && label !== 'Utilisateurs'),
    );
    expect(screen.queryByText('Etablissement')).toBeNull();
    expect(screen.queryByText('Utilisateurs')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Utilisateurs' })).toBeNull();
  });

  it("offers the host's « Versions des modules » under Utilisateurs to an admin, opened on its page", () => {
    renderWithProviders(<SideMenu claims={admin} />, { url: '/dashboard/versions-modules' });
    const link = screen.getByRole('link', { name: 'Versions des modules' });
    expect(link.getAttribute('href')).toBe('/dashboard/versions-modules');
  });

  it('visibleMenu filters on the permission only', () => {
    expect(visibleMenu(admin)).toHaveLength(menuGroups().length);
    expect(visibleMenu(agent).map((g) => g.key)).not.toContain('etablissement');
    expect(visibleMenu({}).map((g) => g.key)).not.toContain('etablissement');
    expect(visibleMenu(agent).map((g) => g.key)).not.toContain('utilisateurs');
    expect(visibleMenu({}).map((g) => g.key)).not.toContain('utilisateurs');
  });

  it('offers Utilisateurs to an administrator, linked to its screen', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SideMenu claims={admin} />, { url: '/dashboard' });
    await user.click(screen.getByText('Utilisateurs'));
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Utilisateurs' }).getAttribute('href')).toBe(
      '/dashboard/utilisateurs',
    );
  });

  it('opens the group of the current page and links its entries to their routes', () => {
    renderWithProviders(<SideMenu claims={admin} />, { url: '/dashboard/pointage-paf' });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Pointage PAF' }).getAttribute('href')).toBe(
      '/dashboard/pointage-paf',
    );
    expect(within(nav).getByRole('link', { name: 'Pointage présence' }).getAttribute('href')).toBe(
      '/dashboard/pointage-presence',
    );
    expect(within(nav).queryByRole('link', { name: 'Réservations' })).toBeNull();
  });

  it('expands a group on click, with the spec entries', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SideMenu claims={admin} />, { url: '/dashboard' });
    await user.click(screen.getByText('Reservation'));
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Réservations' }).getAttribute('href')).toBe(
      '/dashboard/reservations',
    );
    expect(within(nav).getByRole('link', { name: 'Réservation intégrale' }).getAttribute('href')).toBe(
      '/dashboard/reservation-integrale',
    );
    expect(within(nav).getByRole('link', { name: 'Résa. à prolonger' }).getAttribute('href')).toBe(
      '/dashboard/reservations-a-prolonger',
    );
  });
});

function renderTopBar() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Connexion</h1> },
      { path: '/dashboard/mon-compte', element: <h1>Mon compte</h1> },
      { path: '/dashboard/*', element: <TopBar /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, where, user: userEvent.setup({ delay: null }) };
}

/** A viewport `width` px wide, as antd's breakpoints read it through matchMedia. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches:
      (!/min-width/.test(query) || width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1])) &&
      (!/max-width/.test(query) || width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1])),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('TopBar', () => {
  beforeEach(() => {
    login(mockToken({ name: 'Camille Martin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('each shortcut opens its screen', async () => {
    const { where, user } = renderTopBar();
    for (const [label, url] of [
      ['Résa. intégrale', '/dashboard/reservation-integrale'],
      ['À prolonger', '/dashboard/reservations-a-prolonger'],
      ['Présence', '/dashboard/pointage-presence'],
      ['PAF', '/dashboard/pointage-paf'],
      ['CAF', '/dashboard/pointage-caf'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: label }));
      expect(where(), label).toBe(url);
    }
  });

  it('the Demandes shortcut offers the three actions and opens the requests with ?action=', async () => {
    const { where } = renderTopBar();
    // The menu re-opens with an animation that briefly sets pointer-events: none.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    for (const [label, action] of [
      ['Traitement de la demande', 'traitement'],
      ["Confirmation d'annulation", 'annulation'],
      ['Prolongation de la demande', 'prolongation'],
    ] as const) {
      await user.hover(screen.getByRole('button', { name: /^Demandes/ }));
      await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: label })).toBeTruthy());
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Traitement de la demande',
        "Confirmation d'annulation",
        'Prolongation de la demande',
      ]);
      await user.click(screen.getByRole('menuitem', { name: label }));
      expect(where(), label).toBe(`/dashboard/Demande-Hebergement?action=${action}`);
    }
  });

  it('the add-reservation button opens reservations in add mode', async () => {
    const { where, user } = renderTopBar();
    await user.click(screen.getByRole('button', { name: /Réservation$/ }));
    expect(where()).toBe('/dashboard/reservations?mode=ajout');
  });

  it('the add-demand button opens the requests in add mode', async () => {
    const { where, user } = renderTopBar();
    await user.click(screen.getByRole('button', { name: /Demande$/ }));
    expect(where()).toBe('/dashboard/Demande-Hebergement?mode=ajout');
  });

  it("logout starts the next login from the home: the dashboard content back to 'Dashboard'", async () => {
    window.sessionStorage.setItem('dashboardContent', '"pointage-paf"');
    const { user } = renderTopBar();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(dashboardContentName()).toBe('Dashboard');
  });

  it("logout clears local storage and goes to '/'", async () => {
    window.localStorage.setItem('preferences', '{}');
    const { where, user } = renderTopBar();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(where()).toBe('/');
    expect(window.localStorage.length).toBe(0);
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });

  it('the user name opens « Mon compte », an icon does under 768px', async () => {
    screenWidth(1280);
    const wide = renderTopBar();
    const button = screen.getByRole('button', { name: 'Mon compte' });
    expect(button.textContent).toContain('Camille Martin');
    await wide.user.click(button);
    expect(wide.where()).toBe('/dashboard/mon-compte');
    cleanup();
    screenWidth(767);
    const compact = renderTopBar();
    await compact.user.click(screen.getByRole('button', { name: 'Mon compte' }));
    expect(compact.where()).toBe('/dashboard/mon-compte');
  });

  it('shows the user name and a labelled logout on wide screens', () => {
    screenWidth(1280);
    renderTopBar();
    expect(screen.getByText('Camille Martin')).toBeTruthy();
    expect(screen.getByText('Déconnexion')).toBeTruthy();
  });

  it.each([1366, 1024, 768])(
    'at %i px every shortcut and both add buttons stay in view: the strip wraps, never scrolls under the bell',
    (width) => {
      screenWidth(width);
      renderTopBar();
      const toolbar = screen.getByRole('toolbar', { name: 'Raccourcis' });
      expect(toolbar.style.flexWrap).toBe('wrap');
      expect(toolbar.style.overflowX).toBe('visible');
      for (const name of ['Résa. intégrale', 'CAF', /^Demandes/, /Réservation$/, /Demande$/])
        expect(toolbar.contains(screen.getByRole('button', { name }))).toBe(true);
      // The bell and logout sit beside the strip, never over it, and never shrink into it.
      const session = screen.getByTestId('top-bar-session');
      expect(toolbar.contains(session)).toBe(false);
      expect(session.contains(bell())).toBe(true);
      expect(session.style.flex).toMatch(/^(none|0 0 auto)$/);
      expect(toolbar.style.flex).toMatch(/^1( 1 0%)?$/);
      expect(toolbar.style.minWidth).toMatch(/^0(px)?$/);
    },
  );

  it('is a compact strip under 768px: no user name, icon-only logout', () => {
    screenWidth(767);
    renderTopBar();
    expect(screen.queryByText('Camille Martin')).toBeNull();
    expect(screen.queryByText('Déconnexion')).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Raccourcis' }).style.overflowX).toBe('auto');
    expect(screen.getByRole('toolbar', { name: 'Raccourcis' }).style.flexWrap).toBe('nowrap');
  });
});

describe('DashboardLayout', () => {
  function renderShell(url: string, queryClient = createTestQueryClient()) {
    login(mockToken());
    const seen: string[] = [];
    mockServer.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/')) seen.push(`${request.method} ${path}`);
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
      { initialEntries: [url] },
    );
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return { router, seen };
  }
  afterEach(() => mockServer.events.removeAllListeners());

  it('asks GET /api/auth/me once when it opens: a revoked session is caught at the next page load', async () => {
    const { seen } = renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Accueil' });
    await waitFor(() => expect(seen).toEqual(['GET /api/auth/me']));
  });

  it('asks nothing more when start-up has prefetched the current user', async () => {
    const queryClient = createTestQueryClient();
    login(mockToken());
    await queryClient.prefetchQuery(currentUserQueryOptions());
    const { seen } = renderShell('/dashboard', queryClient);
    await screen.findByRole('heading', { name: 'Accueil' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(seen).toEqual([]);
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ email: expect.any(String) });
  });

  it("writes spec §3's dashboard content name as the screen changes", async () => {
    const { router } = renderShell('/dashboard');
    await screen.findByRole('heading', { name: 'Accueil' });
    expect(dashboardContentName()).toBe('Dashboard');
    await act(() => router.navigate('/dashboard/reservations-a-prolonger'));
    await screen.findByRole('heading', { name: 'Écran' });
    expect(dashboardContentName()).toBe('reservations-a-prolonger');
    await act(() => router.navigate('/dashboard/fiche-resa/12'));
    expect(dashboardContentName()).toBe('fiche-resa');
  });

  it('paints the page first: the menu and the top bar come in the frame after it', async () => {
    renderShell('/dashboard');
    // The first commit: the page and the shell's frame (logo, header), not the menu nor the top bar.
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeTruthy();
    expect(screen.getByText('EBAS3')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    expect(screen.queryByTestId('top-bar')).toBeNull();
    // Then both, whole.
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByText('Reservation')).toBeTruthy();
    expect(
      within(await screen.findByTestId('top-bar')).getByRole('button', { name: 'Se déconnecter' }),
    ).toBeTruthy();
  });
});

function Where() {
  const location = useLocation();
  return <output aria-label="adresse">{location.pathname}</output>;
}

function renderBell(onLoadMore?: () => void) {
  renderWithProviders(
    <>
      <NotificationBell onLoadMore={onLoadMore} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { url: '/dashboard' },
  );
  return userEvent.setup({ delay: null });
}

const bell = () => screen.getByRole('button', { name: /^Notifications \(/ });
/** The bell's Dropdown marks its trigger while the panel is open (jsdom never ends the closing motion). */
const panelOpen = () => bell().classList.contains('ant-dropdown-open');
const badgeTitle = () => document.querySelector('.ant-badge-count')?.getAttribute('title');

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  beforeEach(resetNotifications);

  it('shows the unread count on the badge', () => {
    addNotifications([
      { id: 1, message: 'Demande 1 à traiter' },
      { id: 2, message: 'Demande 2 à traiter' },
      { id: 3, message: 'Déjà lue', read: true },
    ]);
    renderBell();
    expect(bell().getAttribute('aria-label')).toBe('Notifications (2 non lues)');
    expect(badgeTitle()).toBe('2');
  });

  it('opens a panel titled Notifications with each message and its time, JJ/MM/AAAA HH:mm shown', async () => {
    addNotifications([{ id: 1, message: 'Nouvelle demande 12', timestamp: '2024-03-05T14:07:09' }]);
    const user = renderBell();
    const panel = await openPanel(user);
    expect(within(panel).getByText('Notifications')).toBeTruthy();
    expect([panel.style.width, panel.style.height]).toEqual(['360px', '400px']);
    expect(within(panel).getByText('Nouvelle demande 12')).toBeTruthy();
    // The French time on screen; the spec's YYYY-MM-DD HH:mm:ss as the element's machine-readable value.
    const time = within(panel).getByText('05/03/2024 14:07');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2024-03-05 14:07:09');
    expect(time.getAttribute('title')).toBe('2024-03-05 14:07:09');
    expect(within(panel).queryByText('2024-03-05 14:07:09')).toBeNull();
  });

  it('shows that it is loading until the first page is in, never « No notifications » meanwhile', async () => {
    const user = renderBell();
    const panel = await openPanel(user);
    expect(within(panel).getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(within(panel).getByText('Chargement des notifications…')).toBeTruthy();
    expect(within(panel).queryByText('No notifications')).toBeNull();
    // A live notification may arrive first: listed, the page still loading below it.
    act(() => addNotifications([{ id: 60, message: 'Arrivée en direct' }]));
    expect(within(panel).getByText('Arrivée en direct')).toBeTruthy();
    expect(within(panel).queryByText('No more notifications')).toBeNull();
    expect(within(panel).getByText('Chargement des notifications…')).toBeTruthy();
    act(() =>
      addNotificationPage({
        data: Array.from({ length: 52 }, (_, index) => ({ id: index + 1, message: `Demande ${index + 1}` })),
        page: 1,
        hasMore: false,
        unread: 53,
      }),
    );
    expect(within(panel).queryByText('Chargement des notifications…')).toBeNull();
    expect(within(panel).getByText('Demande 52')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications (53 non lues)');
  });

  it("says 'No notifications' once an empty first page is in, or when it could not be read", async () => {
    const user = renderBell();
    const panel = await openPanel(user);
    act(() => notificationsUnavailable());
    expect(within(panel).getByText('No notifications')).toBeTruthy();
    expect(within(panel).queryByText('Chargement des notifications…')).toBeNull();
  });

  it("disables 'Tout marquer comme lu' when all are read", async () => {
    addNotifications([{ id: 1, message: 'Lue', read: true }]);
    const user = renderBell();
    const panel = await openPanel(user);
    const markAll = within(panel).getByRole('button', { name: 'Tout marquer comme lu' }) as HTMLButtonElement;
    expect(markAll.disabled).toBe(true);
  });

  it("'Tout marquer comme lu' marks everything read", async () => {
    addNotifications([
      { id: 1, message: 'A' },
      { id: 2, message: 'B' },
    ]);
    const user = renderBell();
    const panel = await openPanel(user);
    const markAll = within(panel).getByRole('button', { name: 'Tout marquer comme lu' }) as HTMLButtonElement;
    expect(markAll.disabled).toBe(false);
    await user.click(markAll);
    expect(notificationStore.getState().unreadCount).toBe(0);
    expect(bell().getAttribute('aria-label')).toBe('Notifications (0 non lue)');
    expect(markAll.disabled).toBe(true);
  });

  it('highlights unread items; clicking one marks it read, decrements the badge, opens the requests, closes', async () => {
    addNotifications([
      { id: 1, message: 'Demande 1 à traiter' },
      { id: 2, message: 'Demande 2 à traiter' },
      { id: 3, message: 'Demande 3 traitée', read: true },
    ]);
    const user = renderBell();
    const panel = await openPanel(user);
    const item = (text: string) => within(panel).getByRole('button', { name: new RegExp(text) });
    const readBackground = item('Demande 3 traitée').style.background;
    expect(item('Demande 2 à traiter').style.background).not.toBe(readBackground);

    await user.click(item('Demande 2 à traiter'));
    expect(notificationStore.getState().items.find((n) => n.id === '2')?.isRead).toBe(true);
    expect(bell().getAttribute('aria-label')).toBe('Notifications (1 non lue)');
    expect(badgeTitle()).toBe('1');
    expect(screen.getByRole('status', { name: 'adresse' }).textContent).toBe(
      '/dashboard/Demande-Hebergement',
    );
    // The panel closes over the page it led to (it stayed open, covering it: the whole width of a phone).
    await waitFor(() => expect(panelOpen()).toBe(false));
    const reopened = await openPanel(user);
    const again = (text: string) => within(reopened).getByRole('button', { name: new RegExp(text) });
    expect(again('Demande 2 à traiter').style.background).toBe(readBackground);
    expect(again('Demande 1 à traiter').style.background).not.toBe(readBackground);
  });

  it('opens what a notification is about when its link is a screen; the requests screen otherwise', async () => {
    addNotifications([
      { id: 1, message: 'Demande n° 12 transmise', lien: '/dashboard/demande-hebergement/12' },
      { id: 2, message: 'Réservation n° 40 modifiée', lien: '/dashboard/fiche-resa/40' },
      { id: 3, message: 'Tâche terminée', lien: '/dashboard?taches=1' },
      { id: 4, message: 'Export prêt', lien: '/tasks/7/fichier' },
      { id: 5, message: 'Page disparue', lien: '/ancienne-page/3' },
    ]);
    const user = renderBell();
    const where = () => screen.getByRole('status', { name: 'adresse' }).textContent;
    const click = async (text: string) => {
      const panel = await openPanel(user);
      await user.click(within(panel).getByRole('button', { name: new RegExp(text) }));
      await waitFor(() => expect(panelOpen()).toBe(false));
    };
    await click('Demande n° 12');
    expect(where()).toBe('/dashboard/demande-hebergement/12');
    await click('Réservation n° 40');
    expect(where()).toBe('/dashboard/fiche-resa/40');
    await click('Tâche terminée');
    expect(where()).toBe('/dashboard');
    // An API path or a page that does not exist is no screen: the requests screen (spec §2).
    await click('Export prêt');
    expect(where()).toBe('/dashboard/Demande-Hebergement');
    await click('Réservation n° 40');
    await click('Page disparue');
    expect(where()).toBe('/dashboard/Demande-Hebergement');
    expect(notificationStore.getState().unreadCount).toBe(0);
  });

  it('clicking a read item keeps the count and still opens the requests', async () => {
    addNotifications([
      { id: 1, message: 'Non lue' },
      { id: 2, message: 'Lue', read: true },
    ]);
    const user = renderBell();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: /^Lue/ }));
    expect(notificationStore.getState().unreadCount).toBe(1);
    expect(screen.getByRole('status', { name: 'adresse' }).textContent).toBe(
      '/dashboard/Demande-Hebergement',
    );
  });

  it("says 'No notifications' when the list is empty", async () => {
    notificationStore.setState({ loaded: true });
    const user = renderBell();
    const panel = await openPanel(user);
    expect(within(panel).getByText('No notifications')).toBeTruthy();
    expect(within(panel).queryByText('No more notifications')).toBeNull();
  });

  it("says 'No more notifications' at the end of a non-empty list", async () => {
    addNotifications([{ id: 1, message: 'A' }]);
    notificationStore.setState({ loaded: true });
    const user = renderBell();
    const panel = await openPanel(user);
    expect(within(panel).getByText('No more notifications')).toBeTruthy();
    expect(within(panel).queryByText('No notifications')).toBeNull();
  });

  it('asks for the next page within 100px of the bottom, only while there are more', async () => {
    addNotifications([{ id: 1, message: 'A' }]);
    notificationStore.setState({ hasMore: true });
    const onLoadMore = vi.fn();
    const user = renderBell(onLoadMore);
    const panel = await openPanel(user);
    expect(within(panel).queryByText('No more notifications')).toBeNull();
    const list = within(panel).getByTestId('notification-list');
    const scrollTo = (scrollTop: number) => {
      Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
      Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
      Object.defineProperty(list, 'scrollTop', { configurable: true, value: scrollTop });
      list.dispatchEvent(new Event('scroll'));
    };
    scrollTo(400);
    expect(onLoadMore).not.toHaveBeenCalled();
    scrollTo(500);
    expect(onLoadMore).toHaveBeenCalledOnce();
  });
});
