import type { RemoteDeclarations, RouteDeclaration } from '../contract/route-declarations';

/** One page of the product as the host routes it: a remote's declaration and the remote that owns it. */
export interface RouteDef extends RouteDeclaration {
  /** Federation name of the owning remote (`mf_stats`); a sixth remote is one more name, not a host change. */
  remote: string;
}

export const DASHBOARD_PATH = '/dashboard';

/**
 * The routes of the remotes, installed at start-up from the registry's declarations (the host), from the remote's
 * own source (a remote run alone) or from every remote's source (unit tests). No route is compiled into the host.
 */
let table: readonly RouteDef[] = [];
let declarations: Readonly<Record<string, RemoteDeclarations>> = {};

export function installDeclarations(byRemote: Readonly<Record<string, RemoteDeclarations>>): void {
  declarations = byRemote;
  table = Object.entries(byRemote).flatMap(([remote, declared]) =>
    declared.routes.map((route) => ({ ...route, remote })),
  );
}

export function installedDeclarations(): Readonly<Record<string, RemoteDeclarations>> {
  return declarations;
}

/** The route-ownership table: the host's router, its menu and the remotes' links all read it. */
export function routeTable(): readonly RouteDef[] {
  return table;
}

export function routesOf(remote: string): RouteDef[] {
  return table.filter((r) => r.remote === remote);
}

/** Extra routes exist only for a token with a subject claim (spec §2). */
export const needsSubject = (route: RouteDeclaration): boolean => route.guards?.includes('subject') ?? false;

/**
 * The paths something outside their remote links to (the host's shortcuts and badges, a remote's link into
 * another's record). Kept here so that such a link still has its URL when the target's remote is not in the
 * table — a remote run alone, or a registry that does not serve that remote — and so that the host's bundle
 * carries no remote's declarations. Each remote's tests check that its declarations agree with them.
 */
export const LINKED_PATHS: Readonly<Record<string, string>> = {
  'reservation-integrale': 'reservation-integrale',
  'reservations-a-prolonger': 'reservations-a-prolonger',
  reservation_integrale: 'reservation_integrale',
  'fiche-resa': 'fiche-resa/:id',
  'fiche-resa-integrale': 'fiche-resa-integrale/:id',
  'demandes-hebergement': 'Demande-Hebergement',
  'demande-hebergement': 'demande-hebergement/:id',
  'pointage-presence': 'pointage-presence',
  'pointage-paf': 'pointage-paf',
  'pointage-caf': 'pointage-caf',
  'client-details': 'client-details/:id',
  'etablissement-details': 'etablissement-details/:id',
  pensionnaire: 'pensionnaires/:id',
};

export function findRoute(id: string): RouteDef {
  const found = table.find((r) => r.id === id);
  if (!found) throw new Error(`Route inconnue : ${id}`);
  return found;
}

/** Absolute URL of a route, with its `:params` filled in. */
export function dashboardUrl(id: string, params: Record<string, string | number> = {}): string {
  const declared = table.find((r) => r.id === id)?.path ?? LINKED_PATHS[id];
  if (declared === undefined) throw new Error(`Route inconnue : ${id}`);
  const path = declared.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Paramètre manquant : ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${DASHBOARD_PATH}/${path}`;
}

/** '/view-pdf' (spec §2): outside the dashboard, a request's document in a full-page frame. */
export const VIEW_PDF_PATH = '/view-pdf';

/** Its query parameters: `id` is the request (spec §2), `communication` one document. */
export const VIEW_PDF_PARAMS = { demande: 'id', communication: 'communication' } as const;

/**
 * Where « Voir » opens a document: `/view-pdf?id=<request>&communication=<document>` (the page shows that one and
 * lets the user pick among the request's other documents), or `/view-pdf?communication=<document>` for a
 * document that belongs to no request (a hotel notice about stays booked without one).
 */
export function viewPdfUrl(document: { demande_id: number | null; id: number }): string {
  const params = new URLSearchParams();
  if (document.demande_id !== null) params.set(VIEW_PDF_PARAMS.demande, String(document.demande_id));
  params.set(VIEW_PDF_PARAMS.communication, String(document.id));
  return `${VIEW_PDF_PATH}?${params.toString()}`;
}
