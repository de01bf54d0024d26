import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from 'shared';
import type { RecordGateState } from 'shared/ui';

/** What a card's `RecordGate` needs from the query of its record. */
export interface RecordState<T> extends RecordGateState {
  /** The record; the row the user opened stands in while it loads (the query's placeholder). */
  record: T | null;
}

/**
 * A card's record query as `RecordGate` reads it: a 404, a 400 (an id the API refuses) or no id at all is « not
 * found »; any other failure offers « Réessayer ».
 */
export function recordState<T>(query: UseQueryResult<T>, id: number | null): RecordState<T> {
  const { error } = query;
  const notFound =
    id === null || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  return {
    record: id === null ? null : (query.data ?? null),
    notFound,
    error: notFound ? null : error,
    reload: () => void query.refetch(),
  };
}
