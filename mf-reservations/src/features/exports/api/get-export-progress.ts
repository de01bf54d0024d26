import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from 'shared';
import { EXPORT_PROGRESS_PATH } from 'shared/contract/values';
import type { ExportProgressAnswer } from 'shared/contract';

/** How often a running export's progress is read. */
export const EXPORT_PROGRESS_INTERVAL_MS = 1_000;

/**
 * GET /reservations/export_progress/:id: the rows written of the export the screen named `id`; null (a 204) while
 * the server does not know it (not started yet, already sent, or read from another API node).
 */
export async function getExportProgress(
  id: string,
  signal?: AbortSignal,
): Promise<ExportProgressAnswer | null> {
  const { data } = await apiClient.get<ExportProgressAnswer | null>(`${EXPORT_PROGRESS_PATH}/${id}`, {
    signal,
    quiet: true,
  });
  return data;
}

export const exportProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['exports', 'progress', id],
    queryFn: ({ signal }) => getExportProgress(id, signal),
    refetchInterval: EXPORT_PROGRESS_INTERVAL_MS,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** The progress of export `id` while it runs (`id` null: none running). */
export function useExportProgress(id: string | null) {
  return useQuery({ ...exportProgressQueryOptions(id ?? ''), enabled: id !== null });
}
