import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FoyerDetail, FoyerListAnswer, FoyerWritten } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, demandePensionnaires, demandesHebergement, foyers, pensionnaires } from '../../db/schema';
import { insertClient } from '../../../test/fixtures/contrats';
import {
  addDays,
  insertReservation,
  insertResident,
  insertWorld,
  today,
  type World,
} from '../../../test/fixtures/reservations-read';
import { bearer, buildTestApp, userToken } from '../../../test/helper';

let app: FastifyInstance;
let admin: string;
let agent: string;
let world: World;
/** « Famille Koné » of the world's client: Awa and Ibrahim; Moussa is a resident of the same client without one. */
let kone: number;
let awa: number;
let ibrahim: number;
let moussa: number;
let otherClientResident: number;
let stays: { current: number; past: number; cancelled: number };
let demandes: { ofFoyer: number; ofMember: number; unrelated: number };

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function insertFoyer(clientId: number, nom: string): Promise<number> {
  const [row] = await app.db.insert(foyers).values({ clientId, nom }).returning({ id: foyers.id });
  if (row === undefined) throw new Error('no foyer');
  return row.id;
}

async function setFoyer(pensionnaireId: number, foyerId: number | null) {
  await app.db.update(pensionnaires).set({ foyerId }).where(eq(pensionnaires.id, pensionnaireId));
}

async function insertDemande(clientId: number, foyerId: number | null, residentIds: number[]) {
  const [row] = await app.db
    .insert(demandesHebergement)
    .values({
      clientId,
      foyerId,
      type: 'nouvelle',
      dateDebut: addDays(today, 5),
      dateFin: addDays(today, 20),
      nombrePersonnes: Math.max(1, residentIds.length),
    })
    .returning({ id: demandesHebergement.id });
  if (row === undefined) throw new Error('no demande');
  if (residentIds.length > 0)
    await app.db
      .insert(demandePensionnaires)
      .values(residentIds.map((pensionnaireId) => ({ demandeId: row.id, pensionnaireId })));
  return row.id;
}

const foyerOf = async (pensionnaireId: number) =>
  (await app.db.select().from(pensionnaires).where(eq(pensionnaires.id, pensionnaireId)))[0]?.foyerId;

const auditsOf = (entity: string, id: number) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
  world = await insertWorld(app, { client: `Association Foyers ${Date.now()}` });
  kone = await insertFoyer(world.clientId, 'Famille Koné');
  awa = (await insertResident(app, world.clientId, { nom: 'Koné', prenom: 'Awa' })).id;
  ibrahim = (await insertResident(app, world.clientId, { nom: 'Koné', prenom: 'Ibrahim' })).id;
  moussa = (await insertResident(app, world.clientId, { nom: 'Traoré', prenom: 'Moussa' })).id;
  await setFoyer(awa, kone);
  await setFoyer(ibrahim, kone);
  const other = await insertClient(app);
  otherClientResident = (await insertResident(app, other.id, { nom: 'Autre', prenom: 'Client' })).id;
  stays = {
    current: (
      await insertReservation(app, world, {
        pensionnaireId: awa,
        dateDebut: addDays(today, -2),
        dateFin: addDays(today, 5),
        statut: 'en_cours',
      })
    ).id,
    past: (
      await insertReservation(app, world, {
        pensionnaireId: ibrahim,
        dateDebut: addDays(today, -30),
        dateFin: addDays(today, -20),
        statut: 'terminee',
      })
    ).id,
    cancelled: (
      await insertReservation(app, world, {
        pensionnaireId: awa,
        dateDebut: addDays(today, 10),
        dateFin: addDays(today, 12),
        statut: 'annulee',
      })
    ).id,
  };
  await insertReservation(app, world, {
    pensionnaireId: moussa,
    dateDebut: addDays(today, -1),
    dateFin: addDays(today, 3),
  });
  demandes = {
    ofFoyer: await insertDemande(world.clientId, kone, []),
    ofMember: await insertDemande(world.clientId, null, [ibrahim]),
    unrelated: await insertDemande(world.clientId, null, [moussa]),
  };
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /foyers', () => {
  const list = async (query: string, token = agent) => {
    const response = await api('GET', `/foyers?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FoyerListAnswer>();
  };

  it('pages the households of a client with their member count and names, and the total', async () => {
    await insertFoyer(world.clientId, 'Famille Bamba');
    await insertFoyer(world.clientId, 'Famille Camara');
    const first = await list(`clientId=${world.clientId}&page=1&pageSize=2`);
    expect(first.total).toBe(3);
    expect(first.data.map((f) => f.nom)).toEqual(['Famille Bamba', 'Famille Camara']);
    const second = await list(`clientId=${world.clientId}&page=2&pageSize=2`);
    expect(second.data).toHaveLength(1);
    const row = second.data[0];
    expect(row).toMatchObject({
      id: kone,
      nom: 'Famille Koné',
      clientId: world.clientId,
      clientNom: world.clientNom,
      nombreMembres: 2,
      membres: [
        { id: awa, nom: 'Koné', prenom: 'Awa' },
        { id: ibrahim, nom: 'Koné', prenom: 'Ibrahim' },
      ],
      archivedAt: null,
    });
  });

  it("searches a household's name or a member's name, in either order, case-insensitive", async () => {
    const byName = await list(`clientId=${world.clientId}&recherche=kon`);
    expect(byName.data.map((f) => f.id)).toEqual([kone]);
    const byMember = await list(`clientId=${world.clientId}&recherche=ibrahim%20kon`);
    expect(byMember.data.map((f) => f.id)).toEqual([kone]);
    const reversed = await list(`clientId=${world.clientId}&membre=KONÉ%20AWA`);
    expect(reversed.data.map((f) => f.id)).toEqual([kone]);
    const none = await list(`clientId=${world.clientId}&recherche=traoré`);
    expect(none).toEqual({ data: [], total: 0 });
    const literal = await list(`clientId=${world.clientId}&nom=%25`);
    expect(literal.total).toBe(0);
  });

  it('sorts on the whitelisted keys and refuses the others in French', async () => {
    const bySize = await list(`clientId=${world.clientId}&sort=nombreMembres&order=desc`);
    expect(bySize.data[0]?.id).toBe(kone);
    const bad = await api('GET', '/foyers?sort=notes', agent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Le tri sur « notes » n'est pas disponible." });
  });

  it('answers 400 for an unknown parameter or a bad page, 401 without a token', async () => {
    expect((await api('GET', '/foyers?inconnu=1', agent)).statusCode).toBe(400);
    const page = await api('GET', '/foyers?page=0', agent);
    expect(page.statusCode).toBe(400);
    expect(page.json<{ message: string }>().message).toMatch(/page/);
    expect((await api('GET', '/foyers')).statusCode).toBe(401);
  });
});

describe('GET /foyers/:id', () => {
  it('shows the members, their stays (current first, with French labels) and the requests', async () => {
    const response = await api('GET', `/foyers/${kone}`, agent);
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<FoyerDetail>();
    expect(card.membres.map((m) => m.prenom)).toEqual(['Awa', 'Ibrahim']);
    expect(card.sejours.map((s) => [s.id, s.statut_libelle, s.actuel])).toEqual([
      [stays.current, 'En cours', true],
      [stays.cancelled, 'Annulée', false],
      [stays.past, 'Terminée', false],
    ]);
    expect(card.sejours[0]).toMatchObject({
      pensionnaire_id: awa,
      etablissement_id: world.etablissementId,
      date_debut: addDays(today, -2),
      date_fin: addDays(today, 5),
    });
    expect(card.demandes.map((d) => d.id).sort((a, b) => a - b)).toEqual(
      [demandes.ofFoyer, demandes.ofMember].sort((a, b) => a - b),
    );
    expect(card.demandes.map((d) => d.id)).not.toContain(demandes.unrelated);
  });

  it('answers 404 in French for an unknown household, 400 for a bad id', async () => {
    const missing = await api('GET', '/foyers/999999', agent);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Foyer introuvable.' });
    expect((await api('GET', '/foyers/abc', agent)).statusCode).toBe(400);
  });
});

describe('POST /foyers and PUT /foyers/:id', () => {
  it('lets an agent create then rename a household, each write audited', async () => {
    const created = await api('POST', '/foyers', agent, { clientId: world.clientId, nom: ' Famille Sow ' });
    expect(created.statusCode, created.body).toBe(201);
    const written = created.json<FoyerWritten>();
    expect(written.message).toBe('Le foyer « Famille Sow » a été créé.');
    expect(written.data).toMatchObject({ nom: 'Famille Sow', nombreMembres: 0, membres: [] });

    const renamed = await api('PUT', `/foyers/${written.data.id}`, agent, {
      nom: 'Famille Sow-Diop',
      notes: 'Deux adultes, un nourrisson',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<FoyerWritten>().data).toMatchObject({
      nom: 'Famille Sow-Diop',
      notes: 'Deux adultes, un nourrisson',
    });
    const audits = await auditsOf('foyer', written.data.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]?.before).toMatchObject({ nom: 'Famille Sow' });
    expect(audits[1]?.after).toMatchObject({ nom: 'Famille Sow-Diop' });
    expect(audits[1]?.actorKind).toBe('user');
  });

  it('refuses a blank name, an unknown field or an unknown client with a French 400', async () => {
    const blank = await api('POST', '/foyers', agent, { clientId: world.clientId, nom: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toMatch(/nom/);
    const extra = await api('POST', '/foyers', agent, { clientId: world.clientId, nom: 'X', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const archivedClient = await insertClient(app, { archived: true });
    const unknown = await api('POST', '/foyers', agent, { clientId: archivedClient.id, nom: 'Famille X' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Le client indiqué n'existe pas ou est archivé." });
    const noClientChange = await api('PUT', `/foyers/${kone}`, agent, { nom: 'Famille Koné', clientId: 1 });
    expect(noClientChange.statusCode).toBe(400);
  });

  it('answers 404 for an unknown household, 409 for an archived one, 401 without a token', async () => {
    expect((await api('PUT', '/foyers/999999', agent, { nom: 'X' })).statusCode).toBe(404);
    const archived = await insertFoyer(world.clientId, 'Famille Archivée');
    await app.db.update(foyers).set({ archivedAt: new Date() }).where(eq(foyers.id, archived));
    const conflict = await api('PUT', `/foyers/${archived}`, agent, { nom: 'Famille Y' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ message: string }>().message).toContain('est archivé');
    expect((await api('POST', '/foyers', undefined, { clientId: world.clientId, nom: 'X' })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT / DELETE /foyers/:id/membres/:pensionnaireId', () => {
  it('adds a resident of the same client, then removes them, each change audited on the resident', async () => {
    const added = await api('PUT', `/foyers/${kone}/membres/${moussa}`, agent);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<FoyerWritten>()).toMatchObject({
      message: 'Moussa Traoré a été ajouté au foyer « Famille Koné ».',
      data: { nombreMembres: 3 },
    });
    expect(await foyerOf(moussa)).toBe(kone);
    const card = (await api('GET', `/foyers/${kone}`, agent)).json<FoyerDetail>();
    expect(card.demandes.map((d) => d.id)).toContain(demandes.unrelated);

    const again = await api('PUT', `/foyers/${kone}/membres/${moussa}`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Moussa Traoré fait déjà partie du foyer « Famille Koné ».' });

    const removed = await api('DELETE', `/foyers/${kone}/membres/${moussa}`, agent);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<FoyerWritten>().data.nombreMembres).toBe(2);
    expect(await foyerOf(moussa)).toBeNull();
    const audits = await auditsOf('pensionnaire', moussa);
    expect(audits.map((a) => [a.before?.foyerId, a.after?.foyerId])).toEqual([
      [null, kone],
      [kone, null],
    ]);

    const notMember = await api('DELETE', `/foyers/${kone}/membres/${moussa}`, agent);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toEqual({
      message: 'Moussa Traoré ne fait pas partie du foyer « Famille Koné ».',
    });
  });

  it('moves a member of another household and says where from', async () => {
    const other = await insertFoyer(world.clientId, 'Famille Traoré');
    const moved = await api('PUT', `/foyers/${other}/membres/${ibrahim}`, agent);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<FoyerWritten>().message).toBe(
      'Ibrahim Koné a été ajouté au foyer « Famille Traoré » (il quitte le foyer « Famille Koné »).',
    );
    expect(await foyerOf(ibrahim)).toBe(other);
    expect((await api('PUT', `/foyers/${kone}/membres/${ibrahim}`, agent)).statusCode).toBe(200);
  });

  it('refuses another client (400), an archived resident (409), unknown ids (404) and no token (401)', async () => {
    const cross = await api('PUT', `/foyers/${kone}/membres/${otherClientResident}`, agent);
    expect(cross.statusCode).toBe(400);
    expect(cross.json<{ message: string }>().message).toContain('un autre client');
    expect(await foyerOf(otherClientResident)).toBeNull();

    const archived = (
      await insertResident(app, world.clientId, { nom: 'Ancien', prenom: 'Ali', archived: true })
    ).id;
    const refused = await api('PUT', `/foyers/${kone}/membres/${archived}`, agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('archivé');

    const noResident = await api('PUT', `/foyers/${kone}/membres/999999`, agent);
    expect(noResident.statusCode).toBe(404);
    expect(noResident.json()).toEqual({ message: 'Pensionnaire introuvable.' });
    expect((await api('PUT', `/foyers/999999/membres/${moussa}`, agent)).statusCode).toBe(404);
    expect((await api('DELETE', `/foyers/${kone}/membres/0`, agent)).statusCode).toBe(400);
    expect((await api('PUT', `/foyers/${kone}/membres/${moussa}`)).statusCode).toBe(401);
  });

  it('adds one resident exactly once when the same call arrives twice at once', async () => {
    const target = await insertFoyer(world.clientId, 'Famille Concurrente');
    const solo = (await insertResident(app, world.clientId, { nom: 'Seul', prenom: 'Sami' })).id;
    const answers = await Promise.all([
      api('PUT', `/foyers/${target}/membres/${solo}`, agent),
      api('PUT', `/foyers/${target}/membres/${solo}`, admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditsOf('pensionnaire', solo)).toHaveLength(1);
  });
});
