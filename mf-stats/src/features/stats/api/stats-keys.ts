import { resourceKeys } from 'shared';

/**
 * Keys of the statistics (`/stats/…`): only this remote reads them, so the factory lives here (docs/frontend.md
 * « Query keys ») — and the shell's start-up bundle, which carries shared/src/api/query-keys.ts, does not grow.
 * `['stats', 'pax' | 'mois' | 'ca', query]`.
 */
export const statsKeys = {
  ...resourceKeys('stats'),
  vue: (vue: string, query: object) => ['stats', vue, query] as const,
};
