import type { RemoteName } from '../federation';

/** One page of the product: where it lives, who owns it and what it is called. */
export interface RouteDef {
  /** Stable id, also the key of the page in its remote's exposed page map. */
  id: string;
  /** Path under /dashboard, exactly as the spec writes it (case included). */
  path: string;
  remote: RemoteName;
  title: string;
  /** Extra routes exist only for a token with a subject claim (spec §2). */
  extra: boolean;
}

const route = (id: string, path: string, remote: RemoteName, title: string, extra = false): RouteDef => ({
  id,
  path,
  remote,
  title,
  extra,
});

/** The route-ownership table: the host's router, its menu and the remotes all read it. */
export const ROUTES: readonly RouteDef[] = [
  route('reservations', 'reservations', 'mf_reservations', 'Réservations'),
  route('reservation-integrale', 'reservation-integrale', 'mf_reservations', 'Réservations intégrales'),
  route('fiche-resa', 'fiche-resa/:id', 'mf_reservations', 'Fiche réservation'),
  route('fiche-resa-integrale', 'fiche-resa-integrale/:id', 'mf_reservations', 'Fiche réservation intégrale'),
  route(
    'reservations-a-prolonger',
    'reservations-a-prolonger',
    'mf_reservations',
    'Réservations à prolonger',
  ),
  route(
    'reservation_integrale',
    'reservation_integrale',
    'mf_reservations',
    'Nouvelle réservation intégrale',
    true,
  ),
  route('demandes-hebergement', 'Demande-Hebergement', 'mf_demandes', "Demandes d'hébergement"),
  route('demande-hebergement', 'demande-hebergement/:id', 'mf_demandes', "Demande d'hébergement"),
  route('rooming-etab', 'rooming-etab', 'mf_rooming_pointage', 'Rooming établissement'),
  route('rooming-client', 'rooming-client', 'mf_rooming_pointage', 'Rooming client'),
  route('rooming-pensionnaires', 'rooming-pensionnaires', 'mf_rooming_pointage', 'Rooming pensionnaires'),
  route('pointage-presence', 'pointage-presence', 'mf_rooming_pointage', 'Pointage présence'),
  route('pointage-paf', 'pointage-paf', 'mf_rooming_pointage', 'Pointage PAF'),
  route('pointage-caf', 'pointage-caf', 'mf_rooming_pointage', 'Pointage CAF'),
  route('client', 'client', 'mf_referentiel', 'Clients'),
  route('client-details', 'client-details/:id', 'mf_referentiel', 'Fiche client'),
  route('groupe-client', 'groupe-client', 'mf_referentiel', 'Groupes clients'),
  route('pensionnaires', 'pensionnaires', 'mf_referentiel', 'Pensionnaires'),
  route('pensionnaire', 'pensionnaires/:id', 'mf_referentiel', 'Fiche pensionnaire'),
  // Issue 10 §4 (not in spec §2): households, since requests and bookings are made per household.
  route('foyers', 'foyers', 'mf_referentiel', 'Foyers'),
  route('foyer', 'foyers/:id', 'mf_referentiel', 'Fiche foyer'),
  route('repas', 'repas', 'mf_referentiel', 'Repas'),
  route('utilisateurs', 'utilisateurs', 'mf_referentiel', 'Utilisateurs'),
  route('etablissement', 'etablissement', 'mf_referentiel', 'Établissements', true),
  route('etablissement-details', 'etablissement-details/:id', 'mf_referentiel', 'Fiche établissement', true),
  route('group-etablissement', 'group-etablissement', 'mf_referentiel', "Groupes d'établissements", true),
  route('type-chambre', 'type-chambre', 'mf_referentiel', 'Types de chambre', true),
  route('contract-etablissement', 'contract-etablissement', 'mf_referentiel', 'Contrats établissement', true),
  route(
    'contract-etablissement-details',
    'contract-etablissement-details/:id',
    'mf_referentiel',
    'Fiche contrat établissement',
    true,
  ),
  route('contrat-client', 'contrat-client', 'mf_referentiel', 'Contrats clients', true),
  route('contrat-client-details', 'contrat-client/:id', 'mf_referentiel', 'Fiche contrat client', true),
  route('stats-per-pax', 'StatsPerPax', 'mf_stats', 'Statistiques par nombre de pax'),
  route('stats-per-month', 'StatsPerMonth', 'mf_stats', 'Statistiques par mois'),
  route('stats-per-ca', 'StatsPerCa', 'mf_stats', "Statistiques par chiffre d'affaires"),
];

export const DASHBOARD_PATH = '/dashboard';

export function routesOf(remote: RemoteName): RouteDef[] {
  return ROUTES.filter((r) => r.remote === remote);
}

export function findRoute(id: string): RouteDef {
  const found = ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`Route inconnue : ${id}`);
  return found;
}

/** Absolute URL of a route, with its `:params` filled in. */
export function dashboardUrl(id: string, params: Record<string, string | number> = {}): string {
  const path = findRoute(id).path.replace(/:(\w+)/g, (_, name: string) => {
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
