// The report of a synchronisation of requests (POST /demande_hebergement/sync, and the task that runs a large one):
// the states of its rows and its French summary, written once for the API and the mocks (docs/domain.md
// « Synchronisation des demandes »).

/**
 * What became of one request of a sync: `mise_a_jour` (re-aligned, its changes listed), `a_jour` (nothing to do),
 * `a_verifier` (synced, but a difference is left for staff to decide), `introuvable` (no such request), `echec` (its
 * transaction was refused; nothing of it applied).
 */
export const SYNC_ETATS = ['mise_a_jour', 'a_jour', 'a_verifier', 'introuvable', 'echec'] as const;
export type SyncEtat = (typeof SYNC_ETATS)[number];

export const SYNC_ETAT_LABELS: Record<SyncEtat, string> = {
  mise_a_jour: 'Mise à jour',
  a_jour: 'Déjà à jour',
  a_verifier: 'À vérifier',
  introuvable: 'Introuvable',
  echec: 'Échec',
};

/** The colour of each state's tag in the reports (the requests list's, the task's). */
export const SYNC_ETAT_COLORS: Record<SyncEtat, string> = {
  mise_a_jour: 'green',
  a_jour: 'default',
  a_verifier: 'orange',
  introuvable: 'red',
  echec: 'red',
};

/** The rows that were synchronised: found and run to the end, whatever they left to check. */
export const SYNC_DONE: readonly SyncEtat[] = ['mise_a_jour', 'a_jour', 'a_verifier'];

/** How many requests a summary names in one list; the full report keeps every row. */
export const SYNC_NAMED = 10;

interface SyncRow {
  demande_id: number;
  etat: SyncEtat;
  changements: readonly string[];
}

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count > 1 ? many : word}`;

/** « n° 12, n° 15 et 3 autres »: at most `SYNC_NAMED` numbers. */
function numbers(rows: readonly SyncRow[]): string {
  const named = rows.slice(0, SYNC_NAMED).map((row) => `n° ${row.demande_id}`);
  const more = rows.length - named.length;
  return more > 0 ? `${named.join(', ')} et ${more} autre${more > 1 ? 's' : ''}` : named.join(', ');
}

/**
 * The sync's summary, exact: how many of the requests asked were synchronised (« 3 demandes synchronisées sur 4 »),
 * how many of those changed or are left to check, then the unknown ones and the failed ones by number.
 */
export function syncMessage(rows: readonly SyncRow[]): string {
  const done = rows.filter((row) => SYNC_DONE.includes(row.etat));
  const unknown = rows.filter((row) => row.etat === 'introuvable');
  const failed = rows.filter((row) => row.etat === 'echec');
  const updated = done.filter((row) => row.changements.length > 0).length;
  const toCheck = done.filter((row) => row.etat === 'a_verifier').length;
  const of = done.length < rows.length && rows.length > 1 ? ` sur ${rows.length}` : '';
  const parts = [
    done.length === 0
      ? `Aucune demande synchronisée${of}.`
      : `${plural(done.length, 'demande')} synchronisée${done.length > 1 ? 's' : ''}${of} : ` +
        `${plural(updated, 'mise')} à jour, ${toCheck} à vérifier.`,
  ];
  if (unknown.length > 0)
    parts.push(
      `${unknown.length > 1 ? 'Demandes introuvables' : 'Demande introuvable'} : ${numbers(unknown)}.`,
    );
  if (failed.length > 0)
    parts.push(`${failed.length > 1 ? 'Demandes en échec' : 'Demande en échec'} : ${numbers(failed)}.`);
  return parts.join(' ');
}

/** The end-of-task summary: the sync's, plus the requests left to check by number (the full report stays kept). */
export function syncTaskSummary(message: string, rows: readonly SyncRow[]): string {
  const toCheck = rows.filter((row) => row.etat === 'a_verifier');
  return toCheck.length === 0 ? message : `${message} À vérifier : ${numbers(toCheck)}.`;
}
