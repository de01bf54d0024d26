/**
 * Records the user selected on one screen and reads on the next (spec §3: contract, reservation,
 * establishment, establishment group, client, resa) and the dashboard content name.
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

export function dashboardContentName(): string {
  return readSelection<string>('dashboardContent') ?? DEFAULT_DASHBOARD_CONTENT;
}
