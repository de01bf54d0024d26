import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, taskKeys, type QueryConfig } from 'shared';
import { TASK_PATHS, type TaskRapportAnswer } from 'shared/contract';

/** GET /tasks/:id/rapport: a finished request sync's per-request report (`resultat.rapport` links it). */
export async function getTaskRapport(id: number, signal?: AbortSignal): Promise<TaskRapportAnswer> {
  const { data } = await apiClient.get<TaskRapportAnswer>(TASK_PATHS.rapport(id), { signal });
  return data;
}

/** A finished task's report never changes: read once per task. */
export const taskRapportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...taskKeys.detail(id), 'rapport'],
    queryFn: ({ signal }) => getTaskRapport(id, signal),
    staleTime: Infinity,
  });

export function useTaskRapport(id: number, queryConfig?: QueryConfig<typeof taskRapportQueryOptions>) {
  return useQuery({ ...taskRapportQueryOptions(id), ...queryConfig });
}
