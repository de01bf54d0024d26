import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { RESERVATION_EXPORTS, type TaskListAnswer, type TaskQueuedAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  insertReservation,
  insertResident,
  insertWorld,
  today,
} from '../../../test/fixtures/reservations-read';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { connect, listenLocal, nextEvent, socketFor, TASK_WORK_WAIT_MS } from '../../../test/socket-client';
import { rowsOf } from '../../db/raw';
import { DIGEST_LINK, DIGEST_TITLE, digestMessage } from '../reservations/prolongation/prolongation-digest';
import { TASK_EVENT, TASK_NOTIFICATION_TITLES, TASKS_LINK } from './task-events';

/** Long work on tasks: a large export, its live progress and notification, the morning digest. */
let app: FastifyInstance;
let agent: { user: { id: number }; token: string };
let url: string;

beforeAll(async () => {
  // 3 rows are "large" here: the threshold is the only difference from production (5,000).
  app = await buildTestApp({ exportTaskThreshold: 3 });
  agent = await userToken(app, 'agent');
  const world = await insertWorld(app, { client: 'Client Tâches' });
  for (let index = 0; index < 5; index += 1) {
    const resident = (await insertResident(app, world.clientId, { nom: `Tache${index}`, prenom: 'Test' })).id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: '2026-03-01',
      dateFin: '2026-03-04',
    });
  }
  url = await listenLocal(app);
});
afterAll(() => app.close());

const exportPost = (key: keyof typeof RESERVATION_EXPORTS, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api${RESERVATION_EXPORTS[key].path}`,
    headers: bearer(agent.token),
    payload: body,
  });

describe('exports over the threshold', () => {
  it('answers 202 with a task, which makes the same file, downloadable from its result link', async () => {
    const socket = await connect(socketFor(url, agent.token));
    try {
      const queued = await exportPost('excelResaAll', { client: 'Client Tâches' });
      expect(queued.statusCode).toBe(202);
      const { task_id: id, message } = queued.json<TaskQueuedAnswer>();
      expect(message).toContain(`tâche n° ${id}`);

      const started = nextEvent<{ id: number; statut: string }>(socket, TASK_EVENT);
      // The notification follows the task's whole work (an export renders in a nice-19 worker): on a loaded machine
      // that takes longer than nextEvent's default 5 s, so the wait covers the drain (the test's own limit is 60 s).
      const notified = nextEvent<{ title: string; message: string; lien: string }>(
        socket,
        'notification',
        TASK_WORK_WAIT_MS,
      );
      await app.tasks.drain();
      expect(await started).toMatchObject({ id, statut: 'en_cours' });
      expect(await notified).toMatchObject({
        title: TASK_NOTIFICATION_TITLES.terminee,
        message: `Export des réservations (tâche n° ${id}) : Export prêt : 5 réservations.`,
        lien: TASKS_LINK,
      });

      const list = await app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(agent.token) });
      const task = list.json<TaskListAnswer>().data.find((t) => t.id === id);
      expect(task).toMatchObject({ type: 'export_reservations', statut: 'terminee', progression: 100 });
      expect(task?.resultat?.lien).toBe(`/tasks/${id}/fichier`);
      expect(task?.resultat?.fichier).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.xlsx$/);

      const file = await app.inject({
        method: 'GET',
        url: `/api${task?.resultat?.lien}`,
        headers: bearer(agent.token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    } finally {
      socket.disconnect();
    }
  });

  it('still streams an export at or below the threshold', async () => {
    const small = await exportPost('pdfResa', { client: 'Client Tâches', pensionnaire: 'Tache1' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('the morning digest', () => {
  it('notifies every agent of the stays to extend today, with a link to them', async () => {
    const world = await insertWorld(app, { delaiClient: 3, delaiHotel: 3 });
    const resident = (await insertResident(app, world.clientId)).id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: addDays(today, -10),
      dateFin: addDays(today, 1),
      statut: 'confirmee',
    });
    const id = await app.tasks.enqueue(app.db, 'digest_prolongations', {});
    await app.tasks.drain();
    const [task] = await rowsOf<{ statut: string; resultat: { details: { sejours: number } } }>(
      app.db,
      sql`select statut, resultat from tasks where id = ${id}`,
    );
    expect(task?.statut).toBe('terminee');
    const total = task?.resultat.details.sejours ?? 0;
    expect(total).toBeGreaterThan(0);
    const rows = await rowsOf<{ title: string; message: string; lien: string }>(
      app.db,
      sql`select title, message, lien from notifications where user_id = ${agent.user.id} and title = ${DIGEST_TITLE}`,
    );
    expect(rows).toEqual([{ title: DIGEST_TITLE, message: digestMessage(total), lien: DIGEST_LINK }]);
  });
});
