import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MutationConfig } from 'shared';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Write = (variables: any) => Promise<any>;

/**
 * The mutation hook of one write: `refresh` brings the cache up to date with what the write changed (the answer
 * put into its card, the lists and lookups that show it invalidated) before the caller's `onSuccess`, so a dialog
 * closes on the new data. A failed write changes nothing in the cache.
 */
export function useWrite<F extends Write>(
  mutationFn: F,
  refresh: (
    queryClient: QueryClient,
    data: Awaited<ReturnType<F>>,
    variables: Parameters<F>[0],
  ) => Promise<unknown>,
  mutationConfig?: MutationConfig<F>,
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (data, variables, ...rest) => {
      await refresh(queryClient, data, variables);
      await onSuccess?.(data, variables, ...rest);
    },
  });
}

/** Invalidates every key prefix given, together. */
export function invalidate(queryClient: QueryClient, ...queryKeys: readonly (readonly unknown[])[]) {
  return Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
