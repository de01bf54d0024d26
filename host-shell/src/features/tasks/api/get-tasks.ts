import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient, taskKeys, type QueryConfig } from 'shared';
import { TASK_EVENT, TASK_PATHS, type TaskEvent, type TaskListAnswer } from 'shared/contract';
import { realtimeStore, useRealtimeEvent } from 'shared/realtime';
import { useStore } from 'zustand';

export interface TaskPage {
  page: number;
  pageSize: number;
}

/**
 * Re-read period while a task of the page is queued or running and the live feed is down: the socket's `tache`
 * events keep the list current while it is up, this only covers the time it takes to reconnect (1 to 5 s, spec §9),
 * or a socket server that stays unreachable.
 */
export const TASKS_FALLBACK_POLL_MS = 15_000;

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

/** `live`: the host's socket is open, so the `tache` events say when to re-read (no polling). */
export const tasksQueryOptions = (page: TaskPage, live = false) =>
  queryOptions({
    queryKey: taskKeys.list(page),
    queryFn: ({ signal }) => getTasks(page, signal),
    refetchInterval: (query) =>
      !live && query.state.data?.data.some(isActiveTask) ? TASKS_FALLBACK_POLL_MS : false,
  });

/**
 * A `tache` event applied to the cached pages: a move of progress or a start is patched in place (no request — a
 * running export sends one per percent); a task that finished or failed (its result, file or error are only in
 * GET /tasks) or that no cached page holds yet (a new one) makes the lists re-read.
 */
export function applyTaskEvent(queryClient: QueryClient, event: TaskEvent): void {
  let known = false;
  queryClient.setQueriesData<TaskListAnswer>({ queryKey: taskKeys.lists() }, (answer) => {
    if (!answer?.data.some((task) => task.id === event.id)) return answer;
    known = true;
    return {
      ...answer,
      data: answer.data.map((task) =>
        task.id === event.id ? { ...task, statut: event.statut, progression: event.progression } : task,
      ),
    };
  });
  if (!known || !isActiveTask(event)) void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
}

export function useTasks(page: TaskPage, queryConfig?: QueryConfig<typeof tasksQueryOptions>) {
  const queryClient = useQueryClient();
  const live = useStore(realtimeStore, (status) => status.state === 'open');
  useRealtimeEvent<TaskEvent>(TASK_EVENT, (event) => applyTaskEvent(queryClient, event));
  // Events sent while the socket was down are lost (not persisted): re-read once it is back.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    wasLive.current = live;
  }, [live, queryClient]);
  return useQuery({ ...tasksQueryOptions(page, live), ...queryConfig });
}
