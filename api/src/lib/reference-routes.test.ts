import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { ListQuery } from 'shared/contract';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../test/helper';
import { auditLog } from '../db/schema';
import { referenceRoutes } from './reference-routes';
import { createReferenceService } from './reference-service';

const groupes = pgTable('fixture_groupes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nom: text('nom').notNull(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});
const hotels = pgTable('fixture_hotels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nom: text('nom').notNull(),
  groupeId: integer('groupe_id').references(() => groupes.id),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

const Groupe = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  archivedAt: Type.Union([Type.String(), Type.Null()]),
});
const GroupeBody = Type.Object(
  { nom: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
const Hotel = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  groupeId: Type.Union([Type.Integer(), Type.Null()]),
  archivedAt: Type.Union([Type.String(), Type.Null()]),
});
const HotelBody = Type.Object(
  { nom: Type.String({ minLength: 1 }), groupeId: Type.Union([Type.Integer(), Type.Null()]) },
  { additionalProperties: false },
);

let app: FastifyInstance;
let admin: string;
let agent: string;

beforeAll(async () => {
  app = await buildTestApp();
  await app.db.execute(sql`create table fixture_groupes (
    id integer primary key generated always as identity, nom text not null, archived_at timestamptz)`);
  await app.db.execute(
    sql`create unique index fixture_groupes_nom on fixture_groupes (lower(nom)) where archived_at is null`,
  );
  await app.db.execute(sql`create table fixture_hotels (
    id integer primary key generated always as identity, nom text not null,
    groupe_id integer references fixture_groupes(id), archived_at timestamptz)`);

  const groupesService = createReferenceService<typeof groupes.$inferSelect, typeof groupes.$inferInsert>(
    app.db,
    {
      table: groupes,
      entity: 'fixture_groupe',
      gender: 'm',
      describe: (row) => `le groupe « ${row.nom} »`,
      messages: { notFound: 'Groupe introuvable.', duplicate: 'Un groupe porte déjà ce nom.' },
      list: {
        searchable: { nom: groupes.nom },
        sortable: { nom: groupes.nom },
        defaultSort: { key: 'nom', order: 'asc' },
        tieBreaker: groupes.id,
        archivedAt: groupes.archivedAt,
      },
      references: [
        {
          column: hotels.groupeId,
          activeWhen: sql`${hotels.archivedAt} is null`,
          message: 'Ce groupe contient encore des hôtels actifs.',
        },
      ],
    },
  );
  const hotelsService = createReferenceService<typeof hotels.$inferSelect, typeof hotels.$inferInsert>(
    app.db,
    {
      table: hotels,
      entity: 'fixture_hotel',
      gender: 'm',
      describe: (row) => `l'hôtel « ${row.nom} »`,
      messages: { notFound: 'Hôtel introuvable.', duplicate: 'Doublon.' },
      list: {
        searchable: { nom: hotels.nom },
        sortable: { nom: hotels.nom },
        defaultSort: { key: 'nom', order: 'asc' },
        tieBreaker: hotels.id,
        archivedAt: hotels.archivedAt,
      },
      parents: [
        { field: 'groupeId', table: groupes, message: "Le groupe indiqué n'existe pas ou est archivé." },
      ],
    },
  );

  await app.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      await api.register(referenceRoutes, {
        prefix: '/groupes',
        service: groupesService,
        schemas: { item: Groupe, query: ListQuery(['nom'], ['nom']), create: GroupeBody, update: GroupeBody },
      });
      await api.register(referenceRoutes, {
        prefix: '/hotels',
        service: hotelsService,
        schemas: { item: Hotel, query: ListQuery(['nom'], ['nom']), create: HotelBody, update: HotelBody },
      });
    },
    { prefix: '/api/fixtures' },
  );
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url: `/api/fixtures${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createGroupe(nom: string): Promise<number> {
  const response = await call('POST', '/groupes', admin, { nom });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

describe('reference routes', () => {
  it('requires a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/fixtures/groupes' });
    expect(response.statusCode).toBe(401);
  });

  it('lets an administrator create, answering 201 with a French message, and audits it', async () => {
    const response = await call('POST', '/groupes', admin, { nom: 'Accor Sud' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ message: string; data: { id: number; nom: string; archivedAt: null } }>();
    expect(body.message).toBe('Le groupe « Accor Sud » a été créé.');
    expect(body.data).toMatchObject({ nom: 'Accor Sud', archivedAt: null });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fixture_groupe'), eq(auditLog.entityId, String(body.data.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'create', actorKind: 'user', before: null });
  });

  it('forbids writes to staff but lets them read', async () => {
    expect((await call('POST', '/groupes', agent, { nom: 'Interdit' })).statusCode).toBe(403);
    const list = await call('GET', '/groupes?nom=accor', agent);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ total: number }>().total).toBe(1);
  });

  it('rejects unknown fields and unknown query parameters with 400', async () => {
    const body = await call('POST', '/groupes', admin, { nom: 'X', pays: 'FR' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ message: "Le champ « pays » n'est pas autorisé.", champ: 'pays' });
    expect((await call('GET', '/groupes?ville=lyon', admin)).statusCode).toBe(400);
    expect((await call('GET', '/groupes?sort=id', admin)).json()).toEqual({
      message: "Le tri sur « id » n'est pas disponible.",
    });
  });

  it('answers 409 to a duplicate, whatever the case', async () => {
    await createGroupe('Doublon');
    const response = await call('POST', '/groupes', admin, { nom: 'DOUBLON' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Un groupe porte déjà ce nom.' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', '/groupes/999999', admin)).json()).toEqual({ message: 'Groupe introuvable.' });
    expect((await call('GET', '/groupes/abc', admin)).statusCode).toBe(400);
  });

  it('refuses a parent that does not exist or is archived', async () => {
    const missing = await call('POST', '/hotels', admin, { nom: 'Orphelin', groupeId: 424242 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Le groupe indiqué n'existe pas ou est archivé." });
  });

  it('refuses to archive a record still referenced by active ones, then archives once they are gone', async () => {
    const groupeId = await createGroupe('Groupe occupé');
    const hotel = await call('POST', '/hotels', admin, { nom: 'Hôtel occupé', groupeId });
    const hotelId = hotel.json<{ data: { id: number } }>().data.id;

    const refused = await call('PUT', `/groupes/${groupeId}/archive`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Ce groupe contient encore des hôtels actifs.' });

    expect((await call('PUT', `/hotels/${hotelId}/archive`, admin)).statusCode).toBe(200);
    const archived = await call('PUT', `/groupes/${groupeId}/archive`, admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<{ message: string }>().message).toBe('Le groupe « Groupe occupé » a été archivé.');

    // Archived: hidden from the active list, listed with archived=true, not editable, not re-archivable.
    expect((await call('GET', '/groupes?nom=occup', admin)).json<{ total: number }>().total).toBe(0);
    expect(
      (await call('GET', '/groupes?nom=occup&archived=true', admin)).json<{ total: number }>().total,
    ).toBe(1);
    const edit = await call('PUT', `/groupes/${groupeId}`, admin, { nom: 'Renommé' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      message: "Le groupe « Groupe occupé » est archivé : restaurez-le d'abord.",
    });
    expect((await call('PUT', `/groupes/${groupeId}/archive`, admin)).statusCode).toBe(409);

    // An archived parent cannot receive new children.
    const child = await call('POST', '/hotels', admin, { nom: 'Nouveau', groupeId });
    expect(child.statusCode).toBe(400);
  });

  it('restores, unless an active record took the name meanwhile (409)', async () => {
    const groupeId = await createGroupe('Nom repris');
    await call('PUT', `/groupes/${groupeId}/archive`, admin);
    await createGroupe('nom repris');
    const refused = await call('PUT', `/groupes/${groupeId}/restore`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Un groupe porte déjà ce nom.' });

    const other = await createGroupe('À restaurer');
    await call('PUT', `/groupes/${other}/archive`, admin);
    const restored = await call('PUT', `/groupes/${other}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<{ message: string }>().message).toBe('Le groupe « À restaurer » a été restauré.');
  });

  it('updates with an audit row holding before and after', async () => {
    const groupeId = await createGroupe('Avant');
    const response = await call('PUT', `/groupes/${groupeId}`, admin, { nom: 'Après' });
    expect(response.json<{ message: string }>().message).toBe('Le groupe « Après » a été modifié.');
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(groupeId)), eq(auditLog.action, 'update')));
    expect(audit?.before).toMatchObject({ nom: 'Avant' });
    expect(audit?.after).toMatchObject({ nom: 'Après' });
  });
});
