import { afterEach, describe, expect, it } from 'vitest';
import { canManageReferenceData, PERMISSIONS } from '../auth/permissions';
import { MENU_GROUPS, PERMISSION_NAMES, type RemoteDeclarations } from '../contract/route-declarations';
import { productDeclarations } from '../testing/product-declarations';
import { menuGroups } from './menu';
import { ACCOUNT_PATH, ACCOUNT_URL } from './host-pages';
import {
  dashboardUrl,
  DASHBOARD_PATH,
  findRoute,
  installDeclarations,
  LINKED_PATHS,
  needsSubject,
  routesOf,
  routeTable,
  viewPdfUrl,
} from './route-registry';
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
/** Issue 39 §3: the invoicing screens of mf-stats (docs/invoicing.md « Screens: client invoices and credit notes »). */
const INVOICING_ROUTES = [
  'Factures',
  'Factures/:id',
  'Avoirs',
  'Releves',
  'FacturesEtablissements',
  'FacturesEtablissements/:id',
  'BalanceAgee',
  'ExportComptable',
  'ParametresFacturation',
];

// The table every remote's declarations fill (installed by setup-tests.ts, as the registry's do in the host).
const byPath = (path: string) => routeTable().find((r) => r.path === path);
const MENU = () => menuGroups();

describe('route registry', () => {
  it('has unique ids and unique paths', () => {
    const routes = routeTable();
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it.each(SPEC_CHILD_ROUTES)('registers the child route %s (exact case), not extra', (path) => {
    const route = byPath(path);
    expect(route).toBeDefined();
    expect(route && needsSubject(route)).toBe(false);
  });

  it.each(SPEC_EXTRA_ROUTES)('registers the extra route %s, flagged extra', (path) => {
    const route = byPath(path);
    expect(route && needsSubject(route)).toBe(true);
  });

  it.each(ISSUE_ROUTES)('registers the issue route %s, not extra', (path) => {
    const route = byPath(path);
    expect(route?.remote).toBe('mf_referentiel');
    expect(route && needsSubject(route)).toBe(false);
  });

  it.each(INVOICING_ROUTES)('registers the invoicing route %s in mf-stats, not extra', (path) => {
    const route = byPath(path);
    expect(route?.remote).toBe('mf_stats');
    expect(route && needsSubject(route)).toBe(false);
  });

  it('registers nothing beyond the spec routes and the documented issue routes', () => {
    expect(
      routeTable()
        .map((r) => r.path)
        .sort(),
    ).toEqual([...SPEC_CHILD_ROUTES, ...SPEC_EXTRA_ROUTES, ...ISSUE_ROUTES, ...INVOICING_ROUTES].sort());
  });

  it('gives every route a title and assigns each remote at least one route', () => {
    for (const route of routeTable()) expect(route.title.trim()).not.toBe('');
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
  it("has the 8 groups of spec §2 in order, and issue 39's « Facturation » after « Statistiques »", () => {
    expect(MENU().map((g) => g.label)).toEqual([
      'Reservation',
      'Demande hébergement',
      'Pointage',
      'Rooming',
      'Etablissement',
      'Client',
      'Statistiques',
      // Issue 39: the invoicing group, after the statistics.
      'Facturation',
      'Utilisateurs',
    ]);
  });

  it('points every entry at a registered route', () => {
    for (const group of MENU())
      for (const entry of group.entries) expect(() => findRoute(entry.routeId)).not.toThrow();
  });

  it('lists the entries of the spec table, in order', () => {
    const urls = Object.fromEntries(
      MENU().map((g) => [g.label, g.entries.map((e) => dashboardUrl(e.routeId))]),
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
      Facturation: [
        '/dashboard/Factures',
        '/dashboard/Avoirs',
        '/dashboard/Releves',
        '/dashboard/FacturesEtablissements',
        '/dashboard/BalanceAgee',
        '/dashboard/ExportComptable',
        '/dashboard/ParametresFacturation',
      ],
      Utilisateurs: ['/dashboard/utilisateurs'],
    });
  });

  it('uses the entry labels the spec names', () => {
    const labels = MENU().flatMap((g) => g.entries.map((e) => e.label));
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
    expect(
      MENU()
        .filter((g) => g.permission)
        .map((g) => g.label),
    ).toEqual(['Etablissement', 'Utilisateurs']);
    expect(MENU().find((g) => g.label === 'Etablissement')?.permission).toBe('manageReferenceData');
    expect(MENU().find((g) => g.label === 'Utilisateurs')?.permission).toBe('manageUsers');
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

describe('declarations installed at run time (issue 38 §3)', () => {
  afterEach(() => installDeclarations(productDeclarations()));

  const facturation: RemoteDeclarations = {
    routes: [
      { id: 'devis', path: 'devis', title: 'Devis' },
      { id: 'devis-fiche', path: 'devis/:id', title: 'Fiche devis', permission: 'manageUsers' },
    ],
    menu: [{ group: 'client', routeId: 'devis', label: 'Devis', order: 55 }],
  };

  it("gives every remote's declarations to the table and the menu: a sixth remote needs no host change", () => {
    installDeclarations({ ...productDeclarations(), mf_facturation: facturation });
    expect(routesOf('mf_facturation').map((r) => r.id)).toEqual(['devis', 'devis-fiche']);
    expect(dashboardUrl('devis-fiche', { id: 7 })).toBe('/dashboard/devis/7');
    // Among the Client group's entries by `order`: 55 falls between Foyers (50) and Repas (60).
    expect(
      MENU()
        .find((g) => g.key === 'client')
        ?.entries.map((e) => e.routeId),
    ).toEqual(['groupe-client', 'client', 'contrat-client', 'pensionnaires', 'foyers', 'devis', 'repas']);
  });

  it("keeps shared's group order and labels whatever order the remotes come in, and leaves out empty groups", () => {
    const { mf_stats, mf_reservations } = productDeclarations();
    installDeclarations({ mf_stats: mf_stats!, mf_reservations: mf_reservations! });
    expect(MENU().map((g) => g.label)).toEqual(['Reservation', 'Statistiques', 'Facturation']);
  });

  it('leaves out an entry for a group shared does not know (promote refuses such a release)', () => {
    installDeclarations({
      mf_x: {
        routes: [{ id: 'x', path: 'x', title: 'X' }],
        menu: [{ group: 'compta' as never, routeId: 'x', label: 'X', order: 1 }],
      },
    });
    expect(MENU()).toEqual([]);
  });

  it('builds a link into a remote missing from the table from LINKED_PATHS (a remote run alone)', () => {
    installDeclarations({});
    expect(dashboardUrl('fiche-resa', { id: 3 })).toBe('/dashboard/fiche-resa/3');
    expect(() => dashboardUrl('stats-per-pax')).toThrow('Route inconnue : stats-per-pax');
    expect(() => findRoute('fiche-resa')).toThrow('Route inconnue : fiche-resa');
  });

  it('has LINKED_PATHS agree with the declarations of the remotes that own them', () => {
    for (const [id, path] of Object.entries(LINKED_PATHS)) expect(findRoute(id).path).toBe(path);
  });

  it('names in PERMISSION_NAMES exactly the checks hasPermission knows, and groups only those', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(MENU_GROUPS.map((g) => g.key)).toEqual(MENU().map((g) => g.key));
  });
});

describe("« Mon compte », the host's own page under /dashboard", () => {
  it('takes a path no remote route matches', () => {
    expect(ACCOUNT_URL).toBe('/dashboard/mon-compte');
    expect(routeTable().some((r) => r.path.toLowerCase() === ACCOUNT_PATH)).toBe(false);
  });
});
