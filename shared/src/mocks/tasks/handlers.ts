import { http, HttpResponse, type RequestHandler } from 'msw';
import { canRetryTask, TASK_PATHS, TASK_ROUTE_MESSAGES as T } from '../../contract';
import { api, claimsOf, fail, json, requireSession } from '../common/http';
import { mockTaskReports, mockTasks } from './store';

/** The rows a mock reservation export reports when it ends. */
const MOCK_EXPORT_ROWS = 1_250;

/**
 * The task mocks (GET /tasks, POST /tasks/:id/retry, GET /tasks/:id/fichier, GET /tasks/:id/rapport) with the API's
 * rules: an agent sees their own tasks, an administrator all; « Relancer » only a failed task, once. A running export
 * moves on by 20 % at each read, so the standalone screen shows progress; a request sync is run by the demandes mocks
 * (their own timer and `tache` events, as the API's runner).
 */
const visible = (request: Request) => {
  const claims = claimsOf(request);
  return mockTasks.filter((t) => claims?.role === 'admin' || t.demandeur?.id === Number(claims?.sub));
};
const notFound = (id: number) => fail(404, T.notFound(id));

export const tasksHandlers: RequestHandler[] = [
  http.get(api(TASK_PATHS.list), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    for (const task of mockTasks)
      if (task.statut === 'en_cours' && task.type === 'export_reservations') {
        task.progression = Math.min(100, task.progression + 20);
        if (task.progression === 100) {
          task.statut = 'terminee';
          task.finished_at = new Date().toISOString();
          task.resultat = {
            message: T.exportReady(MOCK_EXPORT_ROWS),
            lien: TASK_PATHS.fichier(task.id),
            fichier: 'reservations.pdf',
            rapport: null,
          };
        }
      }
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 20);
    const rows = visible(request);
    return json(200, { data: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length });
  }),
  http.post(api(TASK_PATHS.retry(':id')), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const id = Number(params.id);
    const task = visible(request).find((t) => t.id === id);
    if (!task) return notFound(id);
    if (task.relancee_par !== null) return fail(409, T.alreadyRetried(task.relancee_par));
    if (!canRetryTask(task)) return fail(409, T.notFailed);
    const next = Math.max(...mockTasks.map((t) => t.id)) + 1;
    task.relancee_par = next;
    mockTasks.unshift({
      ...task,
      id: next,
      statut: 'en_attente',
      progression: 0,
      erreur: null,
      resultat: null,
      relance_de: id,
      relancee_par: null,
      created_at: new Date().toISOString(),
      started_at: null,
      finished_at: null,
    });
    return json(202, {
      message: T.relaunched(next),
      task_id: next,
    });
  }),
  http.get(api(TASK_PATHS.fichier(':id')), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const id = Number(params.id);
    const task = visible(request).find((t) => t.id === id);
    if (!task) return notFound(id);
    if (!task.resultat?.lien) return fail(404, T.noFile);
    return new HttpResponse(new Blob(['fichier']), {
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${task.resultat.fichier}"`,
      },
    });
  }),
  http.get(api(TASK_PATHS.rapport(':id')), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const id = Number(params.id);
    const task = visible(request).find((t) => t.id === id);
    if (!task) return notFound(id);
    const report = mockTaskReports.get(id);
    if (!report || task.statut !== 'terminee') return fail(404, T.noReport);
    return json(200, report);
  }),
];
