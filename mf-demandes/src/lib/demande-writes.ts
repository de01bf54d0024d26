import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { demandeKeys, disponibiliteKeys, isConflict, reservationKeys } from 'shared';

/**
 * A write on requests: refreshes every request query (list, card, counters, communications) and, when the write
 * changed stays (treatment, extension, cancellation, sync), every reservation query too; a treatment takes hotel
 * rooms (`occupancy`): the availabilities refresh as well. A 409 means the request (or a hotel's rooms) changed
 * meanwhile: the same queries refresh, so the card shows the state that refused the action.
 */
export function useDemandeWrite<V, R>(
  write: (variables: V) => Promise<R>,
  effects: { stays?: boolean; occupancy?: boolean } = {},
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
        effects.occupancy ? queryClient.invalidateQueries({ queryKey: disponibiliteKeys.all }) : undefined,
      ]);
      await config?.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (isConflict(args[0]))
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: demandeKeys.all }),
          effects.occupancy ? queryClient.invalidateQueries({ queryKey: disponibiliteKeys.all }) : undefined,
        ]);
      await config?.onError?.(...args);
    },
  });
}
