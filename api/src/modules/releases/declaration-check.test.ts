import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, userToken } from '../../../test/helper';
import { registryDriver } from './releases.fixture';

let app: FastifyInstance;
let admin: string;

const { register, promote, liveId, eventCount } = registryDriver(
  () => app,
  () => admin,
);

const stats = {
  routes: [
    { id: 'stats-per-pax', path: 'StatsPerPax', title: 'Statistiques par nombre de pax' },
    { id: 'stats-detail', path: 'stats/:annee', title: 'Statistiques de l’année' },
  ],
  menu: [{ group: 'statistiques', routeId: 'stats-per-pax', label: 'Par nombre de pax', order: 10 }],
};
/** A sixth remote's release declaring one route and its menu entry, each with the fields given changed. */
const facturation = (route: object = {}, entry: object = {}) => ({
  routes: [{ id: 'factures', path: 'factures', title: 'Factures', ...route }],
  menu: [{ group: 'client', routeId: 'factures', label: 'Factures', order: 70, ...entry }],
});

/** Registers and promotes; the answer of the promote. */
async function release(remote: string, id: string, declared: Record<string, unknown>) {
  expect((await register(remote, id, declared)).statusCode).toBe(201);
  return promote(remote, id);
}

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  expect((await release('mf-stats', 's1', stats)).statusCode).toBe(200);
});
afterAll(() => app.close());

describe("promote checks a release's routes and menu entries (issue 38 §3)", () => {
  it('refuses a path another live remote owns (409, case and parameter names aside), changing nothing', async () => {
    const events = await eventCount();
    for (const [id, path] of [
      ['f1', 'statsperpax'],
      ['f2', 'stats/:id'],
    ] as const) {
      const response = await release('mf-facturation', id, facturation({ path }));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(
        `Le chemin /dashboard/${path} de mf-facturation (version ${id}) appartient déjà à mf-stats (version s1) : mise en ligne refusée.`,
      );
    }
    expect(await liveId('mf-facturation')).toBeNull();
    // The two registrations only: no promote was recorded.
    expect(await eventCount()).toBe(events + 2);
  });

  it("refuses a route id another live remote declares, and the host's own « Mon compte » path", async () => {
    const sameId = await release(
      'mf-facturation',
      'f3',
      facturation({ id: 'stats-per-pax' }, { routeId: 'stats-per-pax' }),
    );
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json<{ message: string }>().message).toContain('« stats-per-pax »');
    const account = await release('mf-facturation', 'f4', facturation({ path: 'Mon-Compte' }));
    expect(account.statusCode).toBe(409);
    expect(account.json<{ message: string }>().message).toContain("appartient déjà à l'hôte");
  });

  it('refuses an unknown menu group and an unknown permission (400), naming them', async () => {
    const group = await release('mf-facturation', 'f5', facturation({}, { group: 'compta' }));
    expect(group.statusCode).toBe(400);
    expect(group.json<{ message: string }>().message).toBe(
      'La version f5 de mf-facturation déclare des routes invalides : /menu/0/group : groupe de menu inconnu « compta »',
    );
    const permission = await release('mf-facturation', 'f6', facturation({ permission: 'toutPouvoir' }));
    expect(permission.statusCode).toBe(400);
    expect(permission.json<{ message: string }>().message).toContain('permission inconnue « toutPouvoir »');
    expect(await liveId('mf-facturation')).toBeNull();
  });

  it("puts live a sixth remote with its own paths, and a remote's next release that keeps its own paths", async () => {
    const sixth = await release('mf-facturation', 'f7', facturation());
    expect(sixth.statusCode, sixth.body).toBe(200);
    expect(await liveId('mf-facturation')).toBe('f7');
    const next = await release('mf-stats', 's2', stats);
    expect(next.statusCode, next.body).toBe(200);
    expect(await liveId('mf-stats')).toBe('s2');
  });
});
