import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { reservationKeys } from 'shared';
import { disponibiliteKeys, pensionnaireSearchKeys } from './query-keys';

/** The answer of a write on stays; the client toasts `message` (spec §8). */
export interface Written {
  message?: string;
}

export interface StayWriteEffects {
  /**
   * The write changes who is lodged when and how many rooms are free (a booking, an added resident, an extension,
   * a cancellation, an early departure), not only what the stays say.
   */
  occupancy?: boolean;
}

/**
 * Refreshes what a write on stays changed: every reservation query — the stay cards and their history, the lists,
 * the full reservations and their recap, the dashboard counters (`reservationKeys.all`) — and, when it moved
 * people or rooms, the residents searches and the hotels' availabilities. Mounted queries refetch before the
 * promise resolves; the others at their next use.
 */
export async function invalidateStays(
  queryClient: QueryClient,
  { occupancy = false }: StayWriteEffects = {},
) {
  const keys = [
    reservationKeys.all,
    ...(occupancy ? [pensionnaireSearchKeys.all, disponibiliteKeys.all] : []),
  ];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The mutation of one write on stays: once the API has answered, `invalidateStays`, then the caller's `onSuccess`.
 * It settles when the screen shows the new data, so a dialog closes on the refreshed card.
 */
export function useStayWrite<TData, TVariables>(
  write: (variables: TVariables) => Promise<TData>,
  effects: StayWriteEffects,
  mutationConfig: UseMutationOptions<TData, Error, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: write,
    onSuccess: async (...args) => {
      await invalidateStays(queryClient, effects);
      await onSuccess?.(...args);
    },
  });
}
