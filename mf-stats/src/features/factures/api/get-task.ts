import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, taskKeys } from 'shared';
import { TASK_EVENT, TASK_PATHS, type Task, type TaskEvent, type TaskListAnswer } from 'shared/contract';
import { useRealtimeEvent } from 'shared/realtime';

/** Re-read period of a running task: the live feed's `tache` events come first, this covers a socket that is down. */
export const TASK_POLL_MS = 2_000;

const isActive = (task: Task | null | undefined) =>
  task !== null && task !== undefined && (task.statut === 'en_attente' || task.statut === 'en_cours');

/**
 * The task `id` from GET /tasks (its requester sees it among their own, newest first: the first page holds a task
 * just queued), or null when that page no longer lists it.
 */
export async function getTask(id: number, signal?: AbortSignal): Promise<Task | null> {
  const { data } = await apiClient.get<TaskListAnswer>(TASK_PATHS.list, {
    params: { page: 1, pageSize: 20 },
    signal,
  });
  return data.data.find((task) => task.id === id) ?? null;
}

export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...taskKeys.details(), id],
    queryFn: ({ signal }) => getTask(id, signal),
    refetchInterval: (query) => (isActive(query.state.data) ? TASK_POLL_MS : false),
  });

/**
 * A background task followed until it ends, as the exports are: its progress moves with the socket's `tache`
 * events (patched in place) and a re-read every few seconds; the end re-reads it for its result.
 */
export function useTask(id: number | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent<TaskEvent>(TASK_EVENT, (event) => {
    if (event.id !== id) return;
    const key = taskQueryOptions(event.id).queryKey;
    if (event.statut === 'terminee' || event.statut === 'echec')
      void queryClient.invalidateQueries({ queryKey: key });
    else
      queryClient.setQueryData<Task | null>(key, (task) =>
        task ? { ...task, statut: event.statut, progression: event.progression } : task,
      );
  });
  return useQuery({ ...taskQueryOptions(id ?? 0), enabled: id !== null });
}
