import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, taskKeys, type QueryConfig } from 'shared';
import { TASK_PATHS, type TaskListAnswer } from 'shared/contract';

export interface TaskPage {
  page: number;
  pageSize: number;
}

/** Refetch period while a task of the page is queued or running (until the live feed tells us instead). */
export const TASKS_POLL_MS = 2_000;

/** GET /tasks?page&pageSize (spec §7): one's own tasks, every task for an administrator. */
export async function getTasks({ page, pageSize }: TaskPage, signal?: AbortSignal): Promise<TaskListAnswer> {
  const { data } = await apiClient.get<TaskListAnswer>(TASK_PATHS.list, {
    params: { page, pageSize },
    signal,
  });
  return data;
}

export const isActiveTask = (task: { statut: string }) =>
  task.statut === 'en_attente' || task.statut === 'en_cours';

export const tasksQueryOptions = (page: TaskPage) =>
  queryOptions({
    queryKey: taskKeys.list(page),
    queryFn: ({ signal }) => getTasks(page, signal),
    // A task moves on its own: re-read while one of the page is queued or running, stop once all are settled.
    refetchInterval: (query) => (query.state.data?.data.some(isActiveTask) ? TASKS_POLL_MS : false),
  });

export function useTasks(page: TaskPage, queryConfig?: QueryConfig<typeof tasksQueryOptions>) {
  return useQuery({ ...tasksQueryOptions(page), ...queryConfig });
}
