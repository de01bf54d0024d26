import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isConflict } from '../ui/resource/error-message';
import type { MutationConfig } from './query-client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Write = (variables: any) => Promise<any>;

/** Brings the cache up to date with what a write changed (its answer put into a card, the queries it changed invalidated). */
export type WriteRefresh<F extends Write = Write> = (
  queryClient: QueryClient,
  data: Awaited<ReturnType<F>>,
  variables: Parameters<F>[0],
) => Promise<unknown>;

export interface WriteRefreshPlan<F extends Write = Write> {
  onSuccess: WriteRefresh<F>;
  /**
   * After a 409 (the data changed meanwhile): refreshes what refused the write, so the screen shows that state
   * beside the server's message.
   */
  onConflict?: (queryClient: QueryClient, variables: Parameters<F>[0]) => Promise<unknown>;
}

/**
 * The mutation hook of one write — the one wrapper of the front end. `refresh` runs once the API has answered and
 * before the caller's `onSuccess`, so the mutation settles when the screen shows the new data and a dialog closes
 * on it; a failed write changes nothing in the cache, but a 409 runs the plan's `onConflict` before the caller's
 * `onError`. Errors are shown by the caller (`errorMessage`, the `champ` of the form field) as before: the wrapper
 * neither catches nor toasts; the client toasts the answer's `message` (spec §8).
 */
export function useWrite<F extends Write>(
  mutationFn: F,
  refresh: WriteRefresh<F> | WriteRefreshPlan<F>,
  mutationConfig?: MutationConfig<F>,
) {
  const queryClient = useQueryClient();
  const { onSuccess: refreshOnSuccess, onConflict } =
    typeof refresh === 'function' ? { onSuccess: refresh, onConflict: undefined } : refresh;
  const { onSuccess, onError, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (data, variables, ...rest) => {
      await refreshOnSuccess(queryClient, data, variables);
      await onSuccess?.(data, variables, ...rest);
    },
    onError: async (error, variables, ...rest) => {
      if (onConflict && isConflict(error)) await onConflict(queryClient, variables);
      await onError?.(error, variables, ...rest);
    },
  });
}

/** Invalidates every key prefix given, together; mounted queries have refetched when it resolves. */
export function invalidate(queryClient: QueryClient, ...queryKeys: readonly (readonly unknown[])[]) {
  return Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
