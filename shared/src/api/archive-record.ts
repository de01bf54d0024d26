import { apiClient } from './api-client';
import type { MutationConfig } from './query-client';
import { keysOfPath } from './query-keys';
import { useWrite } from './use-write';

/** Answer of a reference-data write (api/src/lib/reference-routes.ts); the client toasts `message` (spec §8). */
export interface Written<T> {
  message: string;
  data: T;
}

export interface RecordRef {
  /** Resource path of the list contract (`/etablissements`). */
  path: string;
  id: number;
}

/** PUT path/:id/archive. 409 with the French reason when the record is still in use (open contracts…). */
export async function archiveRecord<T>({ path, id }: RecordRef): Promise<Written<T>> {
  const { data } = await apiClient.put<Written<T>>(`${path}/${id}/archive`);
  return data;
}

/** PUT path/:id/restore. */
export async function restoreRecord<T>({ path, id }: RecordRef): Promise<Written<T>> {
  const { data } = await apiClient.put<Written<T>>(`${path}/${id}/restore`);
  return data;
}

/**
 * Archiving or restoring changes which list the record is in and whether the selects offer it: everything cached
 * about its resource (lists, its card, lookups) is invalidated. The mutation settles once the shown list has
 * refreshed, so a confirmation closes when the row has left.
 */
function useArchiveToggle<T>(
  write: (ref: RecordRef) => Promise<Written<T>>,
  path: string,
  mutationConfig?: MutationConfig<(id: number) => Promise<Written<T>>>,
) {
  return useWrite(
    (id: number) => write({ path, id }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: keysOfPath(path).all }),
    mutationConfig,
  );
}

/** « Archiver » a record of `path`: `useArchiveRecord(path).mutateAsync(id)`. */
export function useArchiveRecord<T = unknown>(
  path: string,
  mutationConfig?: MutationConfig<(id: number) => Promise<Written<T>>>,
) {
  return useArchiveToggle<T>(archiveRecord<T>, path, mutationConfig);
}

/** « Restaurer » an archived record of `path`: `useRestoreRecord(path).mutateAsync(id)`. */
export function useRestoreRecord<T = unknown>(
  path: string,
  mutationConfig?: MutationConfig<(id: number) => Promise<Written<T>>>,
) {
  return useArchiveToggle<T>(restoreRecord<T>, path, mutationConfig);
}
