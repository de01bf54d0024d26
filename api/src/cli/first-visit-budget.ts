// The byte budget of a release's first visit (issue 37 §5, docs/performance.md « JavaScript fetched by the browser »),
// checked by `pnpm release` before anything is published (docs/deployment.md « Livrer un module »).
import { HOST_RELEASE, type ReleaseManifest } from '../lib/release-store/release-manifest';

const KB = 1024;

/**
 * Brotli bytes of release.json's `firstVisit`, per app. A remote's first screen: 100 kB, the reservations list 150 kB
 * (the dashboard → reservations list target, the list being that remote's first screen). The host: the 300 kB of
 * login → dashboard, since what its index.html names is the start-up the login and the dashboard share; the login
 * page's own 150 kB is measured on the wire by e2e/tests/first-load.test.ts, not here.
 */
export const FIRST_VISIT_BUDGETS: Readonly<Record<string, number>> = {
  [HOST_RELEASE]: 300 * KB,
  'mf-reservations': 150 * KB,
};
export const REMOTE_FIRST_VISIT_BUDGET = 100 * KB;

export const firstVisitBudget = (remote: string): number =>
  FIRST_VISIT_BUDGETS[remote] ?? REMOTE_FIRST_VISIT_BUDGET;

export const kilobytes = (bytes: number) => `${(bytes / KB).toFixed(1).replace('.', ',')} kB`;

/** The French line `pnpm release` prints: within budget, or over it (then the release is refused). */
export function firstVisitVerdict(manifest: Pick<ReleaseManifest, 'remote' | 'firstVisit'>): {
  withinBudget: boolean;
  message: string;
} {
  const budget = firstVisitBudget(manifest.remote);
  const bytes = manifest.firstVisit.brotliBytes;
  const files = manifest.firstVisit.files.length;
  if (bytes <= budget)
    return {
      withinBudget: true,
      message: `Première visite : ${kilobytes(bytes)} brotli en ${files} fichiers, budget ${kilobytes(budget)}.`,
    };
  return {
    withinBudget: false,
    message: `Vérifications échouées : la première visite de ${manifest.remote} pèse ${kilobytes(bytes)} brotli (${files} fichiers : ${manifest.firstVisit.files.join(', ')}), au-delà de son budget de ${kilobytes(budget)}. Rien n'a été publié.`,
  };
}
