import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';

/** The `:id` route parameter as a record id, or null when it is not a positive integer (the page shows a 404). */
export function useRecordId(): number | null {
  const { id } = useParams();
  return id !== undefined && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** The record of a details page and what `RecordGate` needs to show it, a skeleton, a 404 or a retry. */
export interface RecordQueryState<T> {
  /** The route's id (null: not a record id). */
  id: number | null;
  /** The record; while it loads, the placeholder when its id matches. */
  record: T | null;
  /** The record is not there yet, or is only the placeholder. */
  loading: boolean;
  /** No such record: a 404 (or 400), or an id that is not a positive integer. */
  notFound: boolean;
  /** Any other failure of the last load (already toasted by the client). */
  error: Error | null;
  /** Asks again (« Réessayer »). */
  reload: () => void;
  /** The query itself, for what the fields above do not say. */
  query: UseQueryResult<T>;
}

/**
 * The record of the page's `:id`, through its API file's query options:
 * `useRecordQuery(etablissementQueryOptions, readSelection('establishment'))`. A record seen before shows at once
 * from the cache. `placeholder` (the row the user opened, kept in session storage) shows while the record loads
 * when its id matches, so the card appears at once and is then refreshed.
 */
export function useRecordQuery<T extends { id: number }, K extends QueryKey>(
  queryOptions: (id: number) => UseQueryOptions<T, Error, T, K>,
  placeholder: T | null = null,
): RecordQueryState<T> {
  const id = useRecordId();
  // A record is never a function, which is all TanStack's placeholder type guards against.
  const placeholderData = (
    placeholder !== null && placeholder.id === id ? placeholder : undefined
  ) as UseQueryOptions<T, Error, T, K>['placeholderData'];
  const query = useQuery({
    // Disabled, under a key nobody uses, when the id is not one.
    ...queryOptions(id ?? 0),
    enabled: id !== null,
    placeholderData,
  });
  const error = query.error;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return {
    id,
    record: id === null ? null : (query.data ?? null),
    loading: id !== null && (query.isPending || query.isPlaceholderData),
    notFound: id === null || missing,
    error: missing ? null : error,
    reload: () => void query.refetch(),
    query,
  };
}
