import { DASHBOARD_PATH, dashboardUrl, routeTable } from '../routes/route-registry';

/**
 * Records the user selected on one screen and reads on the next (spec §3: contract, reservation,
 * establishment, establishment group, client, resa) and the dashboard content name. Session storage: they live as
 * long as the browser tab, survive a reload and an expired session, and are never shared between tabs.
 */
export const SESSION_KEYS = {
  contract: 'selectedContract',
  reservation: 'selectedReservation',
  establishment: 'selectedEtablissement',
  establishmentGroup: 'selectedGroupeEtablissement',
  client: 'selectedClient',
  resa: 'selectedResa',
  dashboardContent: 'dashboardContent',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

export const DEFAULT_DASHBOARD_CONTENT = 'Dashboard';

export function saveSelection(key: SessionKey, value: unknown): void {
  window.sessionStorage.setItem(SESSION_KEYS[key], JSON.stringify(value));
}

/** The stored selection, or null when absent or unreadable (never throws on a hand-edited value). */
export function readSelection<T>(key: SessionKey): T | null {
  const raw = window.sessionStorage.getItem(SESSION_KEYS[key]);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * What the dashboard's content area shows: the route id of the screen (`reservations`, `fiche-resa`…), or
 * 'Dashboard' for the home.
 */
export function dashboardContentName(): string {
  const name = readSelection<unknown>('dashboardContent');
  return typeof name === 'string' && name !== '' ? name : DEFAULT_DASHBOARD_CONTENT;
}

/** The content name of a dashboard URL: its route's id, or 'Dashboard' for the home and any unknown path. */
export function dashboardContentOf(pathname: string): string {
  if (!pathname.startsWith(`${DASHBOARD_PATH}/`)) return DEFAULT_DASHBOARD_CONTENT;
  const rest = pathname.slice(DASHBOARD_PATH.length + 1).replace(/\/$/, '');
  // Case-insensitive, as the router matches.
  const route = routeTable().find((candidate) =>
    new RegExp(`^${candidate.path.replace(/:\w+/g, '[^/]+')}$`, 'i').test(rest),
  );
  return route?.id ?? DEFAULT_DASHBOARD_CONTENT;
}

/** Written by the shell each time its content changes. */
export function saveDashboardContent(pathname: string): void {
  saveSelection('dashboardContent', dashboardContentOf(pathname));
}

/** A deliberate logout: the next login starts from the home. */
export function resetDashboardContent(): void {
  saveSelection('dashboardContent', DEFAULT_DASHBOARD_CONTENT);
}

/** Which selection a details screen shows, so that it can be reopened without its id in the content name. */
const SELECTION_OF_SCREEN: Partial<Record<string, SessionKey>> = {
  'fiche-resa': 'resa',
  'fiche-resa-integrale': 'reservation',
  'client-details': 'client',
  'etablissement-details': 'establishment',
  'contract-etablissement-details': 'contract',
  'contrat-client-details': 'contract',
};

function selectedId(key: SessionKey): number | null {
  const record = readSelection<unknown>(key);
  const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Where the login reopens the dashboard: the screen this tab showed when its session ended (an expired token sends
 * staff back to '/'), a details screen with the record selected on it; the home when there is none, after a
 * deliberate logout, or when the screen cannot be rebuilt (a details page whose record is not the selection).
 */
export function dashboardContentUrl(): string {
  const name = dashboardContentName();
  const route = routeTable().find((candidate) => candidate.id === name);
  if (!route) return DASHBOARD_PATH;
  if (!route.path.includes(':')) return dashboardUrl(route.id);
  const key = SELECTION_OF_SCREEN[route.id];
  const id = key ? selectedId(key) : null;
  return id === null ? DASHBOARD_PATH : dashboardUrl(route.id, { id });
}

/** An establishment group as the session keeps it. */
export interface SelectedEstablishmentGroup {
  id: number;
  nom: string;
}

/**
 * Remembers the establishment group the user last chose (opened in the groups list, or picked for a hotel), so that
 * the next hotel created in this tab starts in that group: hotels are entered group by group.
 */
export function selectEstablishmentGroup(group: SelectedEstablishmentGroup): void {
  saveSelection('establishmentGroup', { id: group.id, nom: group.nom });
}

/** The establishment group last chosen in this tab, or null (none, or a hand-edited value). */
export function selectedEstablishmentGroup(): SelectedEstablishmentGroup | null {
  const group = readSelection<unknown>('establishmentGroup');
  if (typeof group !== 'object' || group === null) return null;
  const { id, nom } = group as { id?: unknown; nom?: unknown };
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && typeof nom === 'string'
    ? { id, nom }
    : null;
}
