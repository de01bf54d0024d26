import type { QueryClient } from '@tanstack/react-query';
import { invalidate, reservationKeys } from 'shared';
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
 * The `refresh` of a write on stays (`useWrite(write, refreshStays({ occupancy: true }))`): every reservation
 * query — the stay cards and their history, the lists, the full reservations and their recap, the dashboard
 * counters (`reservationKeys.all`) — and, when it moved people or rooms, the residents searches and the hotels'
 * availabilities. Mounted queries refetch before the promise resolves; the others at their next use.
 */
export const refreshStays =
  ({ occupancy = false }: StayWriteEffects = {}) =>
  (queryClient: QueryClient) =>
    invalidate(
      queryClient,
      reservationKeys.all,
      ...(occupancy ? [pensionnaireSearchKeys.all, disponibiliteKeys.all] : []),
    );
