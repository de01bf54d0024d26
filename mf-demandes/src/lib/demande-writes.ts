import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { demandeKeys, reservationKeys } from 'shared';

/**
 * A write on requests: refreshes every request query (list, card, counters, communications) and, when the write
 * changed stays (treatment, extension, cancellation, sync), every reservation query too.
 */
export function useDemandeWrite<V, R>(
  write: (variables: V) => Promise<R>,
  effects: { stays?: boolean } = {},
  config?: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>,
) {
  const queryClient = useQueryClient();
  return useMutation<R, Error, V>({
    ...config,
    mutationFn: write,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: demandeKeys.all }),
        effects.stays ? queryClient.invalidateQueries({ queryKey: reservationKeys.all }) : undefined,
      ]);
      await config?.onSuccess?.(...args);
    },
  });
}
