import { queryOptions } from '@tanstack/react-query';
import { apiClient, keysOfPath } from 'shared';

/** Answer of a reference-data write (api/src/lib/reference-routes.ts); the client toasts `message` (spec §8). */
export interface Written<T> {
  message: string;
  data: T;
}

// The calls every reference-data resource shares; each feature's `api/` files give them their types and keys.

export async function getReference<T>(path: string, id: number, signal?: AbortSignal): Promise<T> {
  const { data } = await apiClient.get<T>(`${path}/${id}`, { signal });
  return data;
}

/**
 * One record of the resource at `path`, filed under that resource's `detail(id)` (`['etablissements', 'detail',
 * 7]`), where the resource's card reads it too and its writes refresh it.
 */
export const referenceQueryOptions = <T>(path: string, id: number) =>
  queryOptions({
    queryKey: keysOfPath(path).detail(id),
    queryFn: ({ signal }) => getReference<T>(path, id, signal),
  });

export async function createReference<T, B>(path: string, body: B): Promise<Written<T>> {
  const { data } = await apiClient.post<Written<T>>(path, body);
  return data;
}

export async function updateReference<T, B>(path: string, id: number, body: B): Promise<Written<T>> {
  const { data } = await apiClient.put<Written<T>>(`${path}/${id}`, body);
  return data;
}

/** A partial update: only the fields of `body` change. */
export async function patchReference<T, B>(path: string, id: number, body: B): Promise<Written<T>> {
  const { data } = await apiClient.patch<Written<T>>(`${path}/${id}`, body);
  return data;
}

export async function archiveReference<T>(path: string, id: number): Promise<Written<T>> {
  const { data } = await apiClient.put<Written<T>>(`${path}/${id}/archive`);
  return data;
}

export async function restoreReference<T>(path: string, id: number): Promise<Written<T>> {
  const { data } = await apiClient.put<Written<T>>(`${path}/${id}/restore`);
  return data;
}
