import { TASK_PATHS, type Task } from 'shared/contract';
import type { DownloadFileOptions } from 'shared/ui';

type TaskWithFile = Pick<Task, 'id' | 'resultat'>;

/** The name the file is saved under when the server names none. */
export const taskFileName = (task: TaskWithFile) => task.resultat?.fichier ?? `tache-${task.id}`;

/**
 * GET /tasks/:id/fichier (the `lien` of a finished export): the path and options of `useFileDownload().start`.
 * Through the HTTP client, not a plain link: the bearer token must go with it.
 */
export function taskFileRequest(
  task: TaskWithFile,
): [path: string, options: Omit<DownloadFileOptions, 'onProgress' | 'signal'>] {
  return [
    task.resultat?.lien ?? TASK_PATHS.fichier(task.id),
    { method: 'GET', fallbackName: taskFileName(task) },
  ];
}
