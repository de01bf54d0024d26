/**
 * Query keys. Every key starts with the resource it caches, named like the API path's first segment
 * (`['clients', …]` for `/clients`), so a write invalidates everything known of that resource with one call:
 * `queryClient.invalidateQueries({ queryKey: clientKeys.all })` refreshes its lists, its cards and its lookups.
 *
 * Factories of resources that more than one app reads or writes live here (a hotel written by mf-referentiel is
 * a choice in mf-reservations' booking; a booking changes the host's dashboard counters). A resource only one
 * app uses keeps its factory in that app, built with `resourceKeys`.
 */

/** Keys of one resource: `all` ⊃ `lists()` ⊃ `list(filters)`, `all` ⊃ `details()` ⊃ `detail(id)`, lookups. */
export function resourceKeys<const P extends readonly string[]>(...scope: P) {
  const all = scope;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    /** One page of a list: `filters` holds whatever selects it (page, sort, searches, the body of a POST). */
    list: (filters: object) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
    lookups: () => [...all, 'lookup'] as const,
    /** The active records by name behind the selects (`path` may carry a filter: `/clients?type=…`). */
    lookup: (path: string) => [...all, 'lookup', path] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** The resource an API path is about: its first segment (`/clients/12/pensionnaires?x=1` → `clients`). */
export function resourceOfPath(path: string): string {
  const [pathname = ''] = path.split(/[?#]/);
  return pathname.split('/').find((segment) => segment !== '') ?? pathname;
}

/** The key factory of the resource `path` is about: what `ResourceTable` and `useLookup` file their data under. */
export const keysOfPath = (path: string): ResourceKeys => resourceKeys(resourceOfPath(path));

// Reference data: written by mf-referentiel, read as lookups by every app (booking, filters, cards).
export const clientKeys = resourceKeys('clients');
export const groupeClientKeys = resourceKeys('groupes-clients');
export const etablissementKeys = resourceKeys('etablissements');
export const groupeEtablissementKeys = resourceKeys('groupes-etablissements');
export const typeChambreKeys = resourceKeys('types-chambre');
export const pensionnaireKeys = resourceKeys('pensionnaires');
export const contratClientKeys = resourceKeys('contrats-clients');
export const contratEtablissementKeys = resourceKeys('contrats-etablissement');

/**
 * Reservations: the stays (`lists`, `detail`), the full reservations under `integrales` and the dashboard counters
 * under `counts`, all below `['reservations']`. A write on a stay (confirmation, cancellation, extension…)
 * invalidates `reservationKeys.all`: the stay card, the lists, the full reservation and the counters refresh.
 */
export const reservationKeys = {
  ...resourceKeys('reservations'),
  counts: () => ['reservations', 'count'] as const,
  /** One counter of POST /reservationsNumber, by its filter body. */
  count: (filters: object) => ['reservations', 'count', filters] as const,
};

/** Full reservations (`/reservations_integrales`), inside the reservations' keys. */
export const reservationIntegraleKeys = resourceKeys('reservations', 'integrales');

/**
 * Accommodation requests (`/demandes_hebergement`, `/demande_hebergement/:id`, `/demandesNumber`…), all below
 * `['demandes']`, their communications included: an action on a request (treat, refuse, extend, cancel, sync, send
 * a document) invalidates `demandeKeys.all`, and the list, the card and the dashboard counters refresh. A treatment,
 * an extension or a cancellation writes stays too: it invalidates `reservationKeys.all` as well.
 */
export const demandeKeys = {
  ...resourceKeys('demandes'),
  /** GET /demandesNumber: the three dashboard counters. */
  counts: () => ['demandes', 'count'] as const,
  previous: (id: number | string) => ['demandes', 'previous', id] as const,
  resas: (id: number | string) => ['demandes', 'resas', id] as const,
  /** GET /communication/pensionnaire/:id (the resident card). */
  communicationsOfResident: (id: number | string) =>
    ['demandes', 'communications', 'pensionnaire', id] as const,
};

/** The bell's feed (GET /notifications): pages and the resync, all below `['notifications']`. */
export const notificationKeys = resourceKeys('notifications');
/** Background tasks (GET /tasks): read by the host's « Tâches », created by exports anywhere. */
export const taskKeys = resourceKeys('tasks');

/** The client's active contracts covering a stay (POST /contrat_client/available): booking and « Traiter ». */
export const contratClientDisponibleKeys = {
  all: [...contratClientKeys.all, 'disponibles'] as const,
  period: (body: object) => [...contratClientKeys.all, 'disponibles', body] as const,
};

/**
 * What the hotels' purchase contracts still offer over a period: the hotels with free rooms, and a contract's room
 * types with their prices and free rooms. Every stay written takes or frees rooms (a booking, a treated request).
 */
export const disponibiliteKeys = {
  all: [...contratEtablissementKeys.all, 'disponibilites'] as const,
  etablissements: (body: object) =>
    [...contratEtablissementKeys.all, 'disponibilites', 'etablissements', body] as const,
  typesChambre: (criteria: object) =>
    [...contratEtablissementKeys.all, 'disponibilites', 'types-chambre', criteria] as const,
};

/**
 * The dashboard's invoicing counters (GET /facturation/compteurs), below `['facturation']`: invalidating the
 * invoicing's keys (a payment, an issue, a reconciliation) refreshes them.
 */
export const facturationCompteursKeys = { all: ['facturation', 'compteurs'] as const };
