import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, taskKeys, type MutationConfig } from 'shared';
import { TASK_PATHS, type TaskQueuedAnswer } from 'shared/contract';

/** POST /tasks/:id/retry (« Relancer »): queues a copy of a failed task; the answer's message is the success toast. */
export async function retryTask(id: number): Promise<TaskQueuedAnswer> {
  const { data } = await apiClient.post<TaskQueuedAnswer>(TASK_PATHS.retry(id));
  return data;
}

export function useRetryTask(mutationConfig?: MutationConfig<typeof retryTask>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: retryTask,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      await mutationConfig?.onSuccess?.(...args);
    },
  });
}
