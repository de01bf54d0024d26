import { describe, expect, it } from 'vitest';
import { canManageReferenceData } from '../auth/permissions';
import { MENU } from './menu';
import { ACCOUNT_PATH, ACCOUNT_URL } from './host-pages';
import { dashboardUrl, DASHBOARD_PATH, findRoute, ROUTES, routesOf, viewPdfUrl } from './route-registry';
import { DASHBOARD_BADGES, DEMANDE_ACTIONS, TOP_BAR_SHORTCUTS } from './shortcuts';

/** Child routes under /dashboard (spec §2), exactly as written there, `{id}` as `:id`. */
const SPEC_CHILD_ROUTES = [
  'reservations',
  'reservation-integrale',
  'fiche-resa/:id',
  'pointage-presence',
  'pointage-paf',
  'pointage-caf',
  'reservations-a-prolonger',
  'rooming-etab',
  'rooming-client',
  'rooming-pensionnaires',
  'fiche-resa-integrale/:id',
  'groupe-client',
  'client',
  'repas',
  'client-details/:id',
  'utilisateurs',
  'pensionnaires',
  'pensionnaires/:id',
  'StatsPerPax',
  'StatsPerMonth',
  'StatsPerCa',
  'Demande-Hebergement',
  'demande-hebergement/:id',
];

/** Extra routes (spec §2): only for a token with a subject claim. */
const SPEC_EXTRA_ROUTES = [
  'etablissement',
  'etablissement-details/:id',
  'group-etablissement',
  'type-chambre',
  'contract-etablissement',
  'contract-etablissement-details/:id',
  'reservation_integrale',
  'contrat-client',
  'contrat-client/:id',
];

/** Routes an issue adds beyond spec §2, each with its reason in docs/frontend.md: issue 10 §4's households. */
const ISSUE_ROUTES = ['foyers', 'foyers/:id'];

const byPath = (path: string) => ROUTES.find((r) => r.path === path);

describe('route registry', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it.each(SPEC_CHILD_ROUTES)('registers the child route %s (exact case), not extra', (path) => {
    expect(byPath(path)).toBeDefined();
    expect(byPath(path)?.extra).toBe(false);
  });

  it.each(SPEC_EXTRA_ROUTES)('registers the extra route %s, flagged extra', (path) => {
    expect(byPath(path)?.extra).toBe(true);
  });

  it.each(ISSUE_ROUTES)('registers the issue route %s, not extra', (path) => {
    expect(byPath(path)?.remote).toBe('mf_referentiel');
    expect(byPath(path)?.extra).toBe(false);
  });

  it('registers nothing beyond the spec routes and the documented issue routes', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [...SPEC_CHILD_ROUTES, ...SPEC_EXTRA_ROUTES, ...ISSUE_ROUTES].sort(),
    );
  });

  it('gives every route a title and assigns each remote at least one route', () => {
    for (const route of ROUTES) expect(route.title.trim()).not.toBe('');
    for (const remote of [
      'mf_reservations',
      'mf_demandes',
      'mf_rooming_pointage',
      'mf_referentiel',
      'mf_stats',
    ] as const)
      expect(routesOf(remote).length).toBeGreaterThan(0);
  });

  it('findRoute throws on an unknown id', () => {
    expect(findRoute('reservations').path).toBe('reservations');
    expect(() => findRoute('inconnue')).toThrow('Route inconnue : inconnue');
  });

  it('dashboardUrl builds absolute URLs and fills params', () => {
    expect(DASHBOARD_PATH).toBe('/dashboard');
    expect(dashboardUrl('stats-per-pax')).toBe('/dashboard/StatsPerPax');
    expect(dashboardUrl('fiche-resa', { id: 42 })).toBe('/dashboard/fiche-resa/42');
    expect(dashboardUrl('contrat-client-details', { id: 'a/b' })).toBe('/dashboard/contrat-client/a%2Fb');
  });

  it('dashboardUrl throws on a missing param', () => {
    expect(() => dashboardUrl('fiche-resa')).toThrow('Paramètre manquant : id');
  });

  it('viewPdfUrl opens a document through its request (spec §2: id is the request), or alone without one', () => {
    expect(viewPdfUrl({ demande_id: 12, id: 345 })).toBe('/view-pdf?id=12&communication=345');
    expect(viewPdfUrl({ demande_id: null, id: 345 })).toBe('/view-pdf?communication=345');
  });
});

describe('side menu', () => {
  it('has the 8 groups of spec §2 in order', () => {
    expect(MENU.map((g) => g.label)).toEqual([
      'Reservation',
      'Demande hébergement',
      'Pointage',
      'Rooming',
      'Etablissement',
      'Client',
      'Statistiques',
      'Utilisateurs',
    ]);
  });

  it('points every entry at a registered route', () => {
    for (const group of MENU)
      for (const entry of group.entries) expect(() => findRoute(entry.routeId)).not.toThrow();
  });

  it('lists the entries of the spec table, in order', () => {
    const urls = Object.fromEntries(
      MENU.map((g) => [g.label, g.entries.map((e) => dashboardUrl(e.routeId))]),
    );
    expect(urls).toEqual({
      Reservation: [
        '/dashboard/reservations',
        '/dashboard/reservation-integrale',
        '/dashboard/reservations-a-prolonger',
      ],
      'Demande hébergement': ['/dashboard/Demande-Hebergement'],
      Pointage: ['/dashboard/pointage-presence', '/dashboard/pointage-paf', '/dashboard/pointage-caf'],
      Rooming: ['/dashboard/rooming-etab', '/dashboard/rooming-client', '/dashboard/rooming-pensionnaires'],
      Etablissement: [
        '/dashboard/group-etablissement',
        '/dashboard/etablissement',
        '/dashboard/type-chambre',
        '/dashboard/contract-etablissement',
      ],
      Client: [
        '/dashboard/groupe-client',
        '/dashboard/client',
        '/dashboard/contrat-client',
        '/dashboard/pensionnaires',
        // Issue 10 §4: the households, beside the residents.
        '/dashboard/foyers',
        '/dashboard/repas',
      ],
      Statistiques: ['/dashboard/StatsPerPax', '/dashboard/StatsPerMonth', '/dashboard/StatsPerCa'],
      Utilisateurs: ['/dashboard/utilisateurs'],
    });
  });

  it('uses the entry labels the spec names', () => {
    const labels = MENU.flatMap((g) => g.entries.map((e) => e.label));
    for (const label of [
      'Réservations',
      'Réservation intégrale',
      'Résa. à prolonger',
      "Demandes d'hébergement",
      'Rooming Etab.',
    ])
      expect(labels).toContain(label);
  });

  it('puts a permission flag on the Etablissement and Utilisateurs groups only', () => {
    expect(MENU.filter((g) => g.permission).map((g) => g.label)).toEqual(['Etablissement', 'Utilisateurs']);
    expect(MENU.find((g) => g.label === 'Etablissement')?.permission).toBe('manageReferenceData');
    expect(MENU.find((g) => g.label === 'Utilisateurs')?.permission).toBe('manageUsers');
    expect(canManageReferenceData({ role: 'admin' })).toBe(true);
  });
});

describe('shortcuts', () => {
  it('lists the six top-bar shortcuts of spec §2, in order', () => {
    expect(TOP_BAR_SHORTCUTS.map((s) => dashboardUrl(s.routeId))).toEqual([
      '/dashboard/reservation-integrale',
      '/dashboard/reservations-a-prolonger',
      '/dashboard/pointage-presence',
      '/dashboard/pointage-paf',
      '/dashboard/pointage-caf',
      '/dashboard/Demande-Hebergement',
    ]);
  });

  it('offers the three request actions', () => {
    expect(DEMANDE_ACTIONS.map((a) => a.label)).toEqual([
      'Traitement de la demande',
      "Confirmation d'annulation",
      'Prolongation de la demande',
    ]);
  });

  it('has one badge per dashboard counter of spec §3, each on a registered route', () => {
    expect(DASHBOARD_BADGES.map((b) => b.counter).sort()).toEqual(
      [
        'totalProlonger',
        'totalPresence',
        'totalCaf',
        'totalPaf',
        'total_demande_a_annuler',
        'total_demande_a_prolonger',
        'total_demande_a_traiter',
      ].sort(),
    );
    for (const badge of DASHBOARD_BADGES) expect(() => findRoute(badge.routeId)).not.toThrow();
  });
});

describe("« Mon compte », the host's own page under /dashboard", () => {
  it('takes a path no remote route matches', () => {
    expect(ACCOUNT_URL).toBe('/dashboard/mon-compte');
    expect(ROUTES.some((r) => r.path.toLowerCase() === ACCOUNT_PATH)).toBe(false);
  });
});
