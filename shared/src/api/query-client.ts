import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * How long data is fresh, i.e. shown without a request. A fresh query mounts from the cache; a stale one is shown
 * from the cache at once and refetched in the background.
 */
export const STALE_TIME = {
  /** Pages of lists and cards: a second visit within 30 s costs nothing; after it, the rows refresh behind. */
  default: 30_000,
  /**
   * Lookups (clients, hotels, room types by name): read by every form and filter, changed rarely. Our own writes
   * invalidate them at once; 5 minutes (not the whole session) so a colleague's new client appears without a reload.
   */
  lookup: 5 * 60_000,
} as const;

/** A back-office stays open all day: a list left for a coffee is still there, from the cache, when staff come back. */
const GC_TIME = 30 * 60_000;

/** Retries of a failed query: one, for failures a second attempt may cure. */
export const MAX_QUERY_RETRIES = 1;

/**
 * Whether a failed query is tried again: only a network failure or a 5xx, and at most once. A 4xx says the request
 * itself is wrong (or the session gone): the API client has already toasted it or logged out (spec §8), and
 * repeating it would only repeat that. Any other error (a bug in a fetcher) is not retried either.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  return error instanceof ApiError && (error.status === null || error.status >= 500);
}

/** The defaults of every app's QueryClient (see docs/frontend.md « Données serveur »). */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: STALE_TIME.default,
    gcTime: GC_TIME,
    retry: shouldRetryQuery,
    // Only stale queries refetch on focus: coming back to the tab shows what colleagues changed meanwhile,
    // while switching tabs back and forth within 30 s sends nothing.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  },
  mutations: {
    // A write is never repeated behind the user's back: a retried POST could book twice.
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * The QueryClient of one app (the host, or a remote opened standalone): remotes render inside the host's tree and
 * use its client, so the whole page shares one cache. `defaults` overrides some defaults (tests turn retries off).
 */
export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS.queries, ...defaults.queries },
      mutations: { ...QUERY_DEFAULTS.mutations, ...defaults.mutations },
    },
  });
}

// Option types of the API files' hooks, as bulletproof-react's lib/react-query.ts.

/** What a query hook lets its caller add (`enabled`, `select`…) to the query options of its API file. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AsyncFunction = (...args: any[]) => Promise<any>;

/** What a mutation hook lets its caller add (`onSuccess`…) to the mutation of its API file. */
export type MutationConfig<F extends AsyncFunction> = UseMutationOptions<
  Awaited<ReturnType<F>>,
  Error,
  Parameters<F>[0]
>;
