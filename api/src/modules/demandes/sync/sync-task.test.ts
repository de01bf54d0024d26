/**
 * POST /demande_hebergement/sync over the threshold runs as a task (docs/api.md « Tâches »): 202 with the task's id,
 * progress on the socket, « Tâche terminée » naming the requests to check, the per-request report kept with the task,
 * the writes audited as the requester. At or below the threshold the answer is the report itself, as before.
 */
import { sql } from 'drizzle-orm';
import type {
  DemandeCreateAnswer,
  SyncAnswer,
  SyncResultat,
  TaskListAnswer,
  TaskQueuedAnswer,
  TaskRapportAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorld, call, day, residents, type World } from '../../../../test/fixtures/reservations-write';
import { buildTestApp, userToken } from '../../../../test/helper';
import {
  connect,
  listenLocal,
  nextEvent,
  socketFor,
  TASK_WORK_WAIT_MS,
} from '../../../../test/socket-client';
import { rowsOf } from '../../../db/raw';
import { TASK_EVENT, TASK_NOTIFICATION_TITLES, TASKS_LINK } from '../../taches/task-events';

let w: World;
let agent: { user: { id: number }; token: string };
let url: string;

beforeAll(async () => {
  // 2 requests are "many" here: the threshold is the only difference from production (SYNC_TASK_THRESHOLD).
  w = await buildWorld(await buildTestApp({ syncTaskThreshold: 2 }));
  agent = await userToken(w.app, 'agent');
  url = await listenLocal(w.app);
});
afterAll(() => w.app.close());

/** A new-stay request treated (booked), then one of its residents removed from it behind the API's back. */
async function treatedWithMissingResident() {
  const ids = await residents(w, 2);
  const created = await call(w, 'POST', '/demande_hebergement', {
    client_id: w.client.id,
    type: 'nouvelle',
    pensionnaire_ids: ids,
    date_debut: day(20),
    date_fin: day(23),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<DemandeCreateAnswer>().data;
  const treated = await call(w, 'POST', `/demande_hebergement/reservations/${id}`, {
    contrat_client_id: w.cc.id,
    etablissement_id: w.hotel.id,
    contrat_etablissement_id: w.ce.id,
    chambres: [{ type_chambre_id: w.double.id, pensionnaire_ids: ids }],
  });
  expect(treated.statusCode, treated.body).toBe(201);
  await w.app.db.execute(
    sql`delete from demande_pensionnaires where demande_id = ${id} and pensionnaire_id = ${ids[1]!}`,
  );
  return id;
}

describe('POST /demande_hebergement/sync over the threshold', () => {
  it('answers 202 and syncs as a task: progress, notification, report kept, audited as the requester', async () => {
    const changed = await treatedWithMissingResident();
    const aligned = await treatedWithMissingResident();
    await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [aligned] });
    const socket = await connect(socketFor(url, agent.token));
    try {
      const queued = await call(
        w,
        'POST',
        '/demande_hebergement/sync',
        { demande_ids: [changed, aligned, 999_999] },
        agent.token,
      );
      expect(queued.statusCode, queued.body).toBe(202);
      const { task_id: id, message } = queued.json<TaskQueuedAnswer>();
      expect(message).toContain(`tâche n° ${id}`);
      // Queued only: nothing synced before the runner takes it.
      expect(
        await rowsOf(
          w.app.db,
          sql`select 1 from audit_log where entity = 'demande_hebergement'
          and entity_id = ${String(changed)} and action = 'synchronisation'`,
        ),
      ).toHaveLength(0);

      const started = nextEvent<{ id: number; statut: string }>(socket, TASK_EVENT);
      // The notification follows the task's whole work (an export renders in a nice-19 worker): on a loaded machine
      // that takes longer than nextEvent's default 5 s, so the wait covers the drain (the test's own limit is 60 s).
      const notified = nextEvent<{ title: string; message: string; lien: string }>(
        socket,
        'notification',
        TASK_WORK_WAIT_MS,
      );
      await w.app.tasks.drain();
      expect(await started).toMatchObject({ id, statut: 'en_cours' });
      expect(await notified).toEqual(
        expect.objectContaining({
          title: TASK_NOTIFICATION_TITLES.terminee,
          message: `Synchronisation des demandes (tâche n° ${id}) : 2 demandes synchronisées sur 3 : 1 mise à jour, 0 à vérifier. Demande introuvable : n° 999999.`,
          lien: TASKS_LINK,
        }),
      );

      const list = await call(w, 'GET', '/tasks', undefined, agent.token);
      expect(list.json<TaskListAnswer>().data.find((t) => t.id === id)).toMatchObject({
        type: 'synchronisation_demandes',
        statut: 'terminee',
        progression: 100,
        demandeur: { id: agent.user.id },
      });
      const [task] = await rowsOf<{ resultat: { details: { resultats: SyncResultat[] } } }>(
        w.app.db,
        sql`select resultat from tasks where id = ${id}`,
      );
      const report = task?.resultat.details.resultats ?? [];
      expect(report.map((r) => [r.demande_id, r.ok])).toEqual([
        [changed, true],
        [aligned, true],
        [999_999, false],
      ]);
      expect(report[0]?.changements[0]).toMatch(/^Pensionnaire .+ ajouté à la demande\.$/);
      expect(report[1]?.message).toBe('Déjà à jour.');
      const audit = await rowsOf<{ actor_user_id: number }>(
        w.app.db,
        sql`select actor_user_id from audit_log where entity = 'demande_hebergement'
            and entity_id = ${String(changed)} and action = 'synchronisation'`,
      );
      expect(audit).toEqual([{ actor_user_id: agent.user.id }]);

      // The report reaches its requester: GET /tasks links it, GET /tasks/:id/rapport gives it row by row.
      expect(list.json<TaskListAnswer>().data.find((t) => t.id === id)?.resultat).toEqual({
        message: expect.stringContaining('Demande introuvable : n° 999999.'),
        lien: null,
        fichier: null,
        rapport: `/tasks/${id}/rapport`,
      });
      const rapport = await call(w, 'GET', `/tasks/${id}/rapport`, undefined, agent.token);
      expect(rapport.statusCode, rapport.body).toBe(200);
      const answer = rapport.json<TaskRapportAnswer>();
      expect(answer.resultats).toEqual(report);
      expect(answer.message).toBe(
        list.json<TaskListAnswer>().data.find((t) => t.id === id)?.resultat?.message,
      );
      // An administrator reads it too; another agent does not see the task at all (404, as GET /tasks hides it).
      expect((await call(w, 'GET', `/tasks/${id}/rapport`, undefined, w.admin)).statusCode).toBe(200);
      const other = await userToken(w.app, 'agent');
      const hidden = await call(w, 'GET', `/tasks/${id}/rapport`, undefined, other.token);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json<{ message: string }>().message).toBe(`Tâche n° ${id} introuvable.`);
    } finally {
      socket.disconnect();
    }
  });

  it('has no report while queued, nor when the task kept none (404, rapport null in GET /tasks)', async () => {
    const first = await treatedWithMissingResident();
    const second = await treatedWithMissingResident();
    const queued = await call(w, 'POST', '/demande_hebergement/sync', {
      demande_ids: [first, second, 999_997],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const { task_id: id } = queued.json<TaskQueuedAnswer>();
    const early = await call(w, 'GET', `/tasks/${id}/rapport`);
    expect(early.statusCode).toBe(404);
    expect(early.json<{ message: string }>().message).toBe("Cette tâche n'a pas de rapport.");
    // The enqueue may have kicked the runner already: wait for the task's end, whoever runs it.
    await vi.waitFor(
      async () => {
        await w.app.tasks.drain();
        const [row] = await rowsOf<{ statut: string }>(
          w.app.db,
          sql`select statut from tasks where id = ${id}`,
        );
        expect(row?.statut).toBe('terminee');
      },
      { timeout: 20_000, interval: 100 },
    );
    // A finished task whose result holds no per-row report (as an export's or the scheduled ones').
    await w.app.db.execute(sql`update tasks set resultat = resultat - 'details' where id = ${id}`);
    const list = await call(w, 'GET', '/tasks');
    const task = list.json<TaskListAnswer>().data.find((t) => t.id === id);
    expect(task?.statut).toBe('terminee');
    expect(task?.resultat?.rapport).toBeNull();
    expect((await call(w, 'GET', `/tasks/${id}/rapport`)).statusCode).toBe(404);
    expect((await call(w, 'GET', '/tasks/2147483647/rapport')).statusCode).toBe(404);
  });

  it('answers at once with the report at or below the threshold', async () => {
    const changed = await treatedWithMissingResident();
    const response = await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [changed, 999_998] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SyncAnswer>().resultats.map((r) => r.ok)).toEqual([true, false]);
  });

  it('refuses an unsigned call (401) and an unknown field (400) before queuing anything', async () => {
    const before = await rowsOf(w.app.db, sql`select 1 from tasks where type = 'synchronisation_demandes'`);
    expect(
      (await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [1, 2, 3] }, null)).statusCode,
    ).toBe(401);
    const extra = await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [1, 2, 3], tout: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ message: string }>().message).toMatch(/[a-zé]/);
    expect(
      await rowsOf(w.app.db, sql`select 1 from tasks where type = 'synchronisation_demandes'`),
    ).toHaveLength(before.length);
  });
});
