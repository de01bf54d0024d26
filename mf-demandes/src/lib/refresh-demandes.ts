import { demandeKeys, disponibiliteKeys, invalidate, reservationKeys, type WriteRefreshPlan } from 'shared';

export interface DemandeWriteEffects {
  /** The write changed stays (treatment, extension, cancellation, sync). */
  stays?: boolean;
  /** The write took hotel rooms (a treatment). */
  occupancy?: boolean;
}

/**
 * The refresh plan of a write on requests (`useWrite(write, refreshDemandes({ stays: true }))`): every request
 * query (list, card, counters, communications) and, when the write changed stays, every reservation query too; when
 * it took hotel rooms, the availabilities as well. A 409 means the request (or a hotel's rooms) changed meanwhile:
 * the request queries and the availabilities refresh, so the card shows the state that refused the action.
 */
export function refreshDemandes({
  stays = false,
  occupancy = false,
}: DemandeWriteEffects = {}): WriteRefreshPlan {
  const occupancyKeys = occupancy ? [disponibiliteKeys.all] : [];
  return {
    onSuccess: (queryClient) =>
      invalidate(queryClient, demandeKeys.all, ...(stays ? [reservationKeys.all] : []), ...occupancyKeys),
    onConflict: (queryClient) => invalidate(queryClient, demandeKeys.all, ...occupancyKeys),
  };
}
