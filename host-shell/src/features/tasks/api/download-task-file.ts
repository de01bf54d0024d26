import { useMutation } from '@tanstack/react-query';
import { apiClient } from 'shared';
import type { Task } from 'shared/contract';

/**
 * GET /tasks/:id/fichier (the `lien` of a finished export), saved under the task's file name. Through the HTTP
 * client, not a plain link: the bearer token must go with it.
 */
export async function downloadTaskFile(task: Pick<Task, 'id' | 'resultat'>): Promise<void> {
  const lien = task.resultat?.lien;
  if (!lien) return;
  const { data } = await apiClient.get<Blob>(lien, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = task.resultat?.fichier ?? `tache-${task.id}`;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function useDownloadTaskFile() {
  return useMutation({ mutationFn: downloadTaskFile });
}
