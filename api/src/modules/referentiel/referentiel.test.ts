import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFERENTIEL_PATHS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { rowsOf } from '../../db/raw';

let app: FastifyInstance;
let admin: string;
let agent: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

async function created(path: string, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await api('POST', path, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data;
}

interface Case {
  path: string;
  /** A valid body; `unique` makes it distinct per call. */
  body: (unique: string) => Promise<Record<string, unknown>>;
  /** The searchable column to try and the text that finds the record. */
  search: [string, string];
  /** An invalid body, its message and the field it names (`champ`). */
  invalid: [Record<string, unknown>, string, string];
  update: Record<string, unknown>;
}

const hotelGroup = () => created(REFERENTIEL_PATHS.groupesEtablissements, { nom: `Groupe ${Math.random()}` });
const clientGroup = () =>
  created(REFERENTIEL_PATHS.groupesClients, { nom: `Groupe client ${Math.random()}` });
const clientBody = async (unique: string) => ({
  nom: `Samu social ${unique}`,
  groupeId: (await clientGroup()).id,
  type: 'association',
  adresse: '12 rue Jean Jaurès',
  codePostal: '69003',
  ville: 'Lyon',
});

const CASES: Case[] = [
  {
    path: REFERENTIEL_PATHS.groupesEtablissements,
    body: async (unique) => ({ nom: `Accor ${unique}` }),
    search: ['nom', 'ACCOR'],
    invalid: [{ nom: '' }, 'Le champ nom est obligatoire.', 'nom'],
    update: { nom: 'Accor renommé' },
  },
  {
    path: REFERENTIEL_PATHS.etablissements,
    body: async (unique) => ({
      nom: `Ibis Budget ${unique}`,
      groupeId: (await hotelGroup()).id,
      adresse: '3 avenue de la Gare',
      codePostal: '75011',
      ville: 'Paris',
      nombreChambres: 80,
    }),
    search: ['ville', 'pAr'],
    invalid: [
      { nom: 'X', adresse: 'a', codePostal: '7501', ville: 'Paris' },
      'Le champ codePostal est invalide.',
      'codePostal',
    ],
    update: { nom: 'Ibis Budget Bastille', adresse: '1 rue Neuve', codePostal: '75011', ville: 'Paris' },
  },
  {
    path: REFERENTIEL_PATHS.typesChambre,
    body: async (unique) => ({ libelle: `Familiale ${unique}`, capacite: 4 }),
    search: ['libelle', 'famil'],
    invalid: [
      { libelle: 'Suite', capacite: 13 },
      'Le champ capacite doit être inférieur ou égal à 12.',
      'capacite',
    ],
    update: { libelle: 'Familiale 5', capacite: 5 },
  },
  {
    path: REFERENTIEL_PATHS.groupesClients,
    body: async (unique) => ({ nom: `Départements ${unique}` }),
    search: ['nom', 'départ'],
    invalid: [{}, 'Le champ nom est obligatoire.', 'nom'],
    update: { nom: 'Départements renommés' },
  },
  {
    path: REFERENTIEL_PATHS.clients,
    body: clientBody,
    search: ['nom', 'samu'],
    invalid: [
      { ...{ nom: 'X', type: 'banque', adresse: 'a', codePostal: '69003', ville: 'Lyon' } },
      'Le champ type est invalide.',
      'type',
    ],
    update: {
      nom: 'Samu social de Lyon',
      type: 'association',
      adresse: '1 rue A',
      codePostal: '69003',
      ville: 'Lyon',
    },
  },
  {
    path: REFERENTIEL_PATHS.pensionnaires,
    body: async (unique) => ({
      clientId: (await created(REFERENTIEL_PATHS.clients, await clientBody(`p${unique}`))).id,
      nom: 'Diallo',
      prenom: 'Aminata',
      sexe: 'F',
      dateNaissance: '1990-04-12',
      numeroDossier: `D-${unique}`,
    }),
    search: ['prenom', 'amin'],
    invalid: [
      { clientId: 1, nom: 'A', prenom: 'B', sexe: 'F', numeroDossier: 'x', dateNaissance: '12/04/1990' },
      'Le champ dateNaissance est invalide.',
      'dateNaissance',
    ],
    update: {},
  },
];

describe.each(CASES)('$path', (resource) => {
  it('requires a token, lets staff read but not write, lets an administrator write', async () => {
    expect((await api('GET', resource.path)).statusCode).toBe(401);
    const body = await resource.body('auth');
    const forbidden = await api('POST', resource.path, agent, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: "Vous n'êtes pas autorisé à accéder à cette ressource." });
    const { id } = await created(resource.path, body);
    expect((await api('GET', `${resource.path}/${id}`, agent)).statusCode).toBe(200);
    expect((await api('PUT', `${resource.path}/${id}/archive`, agent)).statusCode).toBe(403);
  });

  it('finds a record by column search, case-insensitively, and pages', async () => {
    const { id } = await created(resource.path, await resource.body('search'));
    const [column, text] = resource.search;
    const response = await api(
      'GET',
      `${resource.path}?${column}=${encodeURIComponent(text)}&pageSize=200`,
      agent,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: { id: number }[]; total: number }>();
    expect(page.data.map((row) => row.id)).toContain(id);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const none = await api('GET', `${resource.path}?${column}=zzzz-introuvable`, agent);
    expect(none.json()).toEqual({ data: [], total: 0 });
  });

  it('rejects invalid input and unknown fields with a French 400 naming the field', async () => {
    const [invalid, message, champ] = resource.invalid;
    const response = await api('POST', resource.path, admin, invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, champ });
    const unknown = await api('POST', resource.path, admin, {
      ...(await resource.body('unknown')),
      inconnu: 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Le champ « inconnu » n'est pas autorisé.", champ: 'inconnu' });
  });

  it('answers 409 to a duplicate and 404 to an unknown id', async () => {
    const body = await resource.body('dup');
    await created(resource.path, body);
    const duplicate = await api('POST', resource.path, admin, body);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toMatch(/déjà/);
    expect((await api('GET', `${resource.path}/987654`, agent)).statusCode).toBe(404);
  });

  it('updates, archives (hidden from the list) and restores', async () => {
    const body = await resource.body('life');
    const { id } = await created(resource.path, body);
    const updated = await api('PUT', `${resource.path}/${id}`, admin, { ...body, ...resource.update });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ message: string }>().message).toMatch(/a été modifié/);
    // What PostgreSQL computes from a row (the list item's texts `item_json`, the searched name `nom_recherche`) is
    // neither answered nor audited.
    expect(updated.body).not.toMatch(/item_?json|nom_?recherche/i);
    const trail = await rowsOf<{ after: string }>(
      app.db,
      sql`select coalesce(after, '{}')::text as after from audit_log where entity_id = ${String(id)}
        and action in ('create', 'update')`,
    );
    expect(trail.length).toBeGreaterThanOrEqual(2);
    for (const { after } of trail) expect(after).not.toMatch(/item_?json|nom_?recherche/i);
    const archived = await api('PUT', `${resource.path}/${id}/archive`, admin);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<{ data: { archivedAt: string | null } }>().data.archivedAt).not.toBeNull();
    const active = await api('GET', `${resource.path}?pageSize=200`, agent);
    expect(active.json<{ data: { id: number }[] }>().data.map((r) => r.id)).not.toContain(id);
    const restored = await api('PUT', `${resource.path}/${id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
  });
});

describe('archiving what is still referenced', () => {
  it('refuses to archive a hotel group with active hotels, and a client with active residents', async () => {
    const group = await hotelGroup();
    await created(REFERENTIEL_PATHS.etablissements, {
      nom: 'Hôtel du Parc',
      groupeId: group.id,
      adresse: '1 place Carnot',
      codePostal: '69002',
      ville: 'Lyon',
    });
    const refused = await api('PUT', `${REFERENTIEL_PATHS.groupesEtablissements}/${group.id}/archive`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/établissements actifs/);

    const client = await created(REFERENTIEL_PATHS.clients, await clientBody('ref'));
    await created(REFERENTIEL_PATHS.pensionnaires, {
      clientId: client.id,
      nom: 'Traoré',
      prenom: 'Moussa',
      sexe: 'M',
      numeroDossier: 'REF-1',
    });
    const clientRefused = await api('PUT', `${REFERENTIEL_PATHS.clients}/${client.id}/archive`, admin);
    expect(clientRefused.statusCode).toBe(409);
    expect(clientRefused.json<{ message: string }>().message).toMatch(/pensionnaires actifs/);
  });

  it('filters residents by client id exactly: client 1 is not client 11', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1)
      ids.push((await created(REFERENTIEL_PATHS.clients, await clientBody(`exact${i}`))).id);
    const first = ids[0] as number;
    const eleventh = ids.find((id) => String(id).startsWith(String(first)) && id !== first);
    const target = eleventh ?? ids[10];
    for (const clientId of [first, target]) {
      await created(REFERENTIEL_PATHS.pensionnaires, {
        clientId,
        nom: 'Exact',
        prenom: `Client ${clientId}`,
        sexe: 'X',
        numeroDossier: `EX-${clientId}`,
      });
    }
    const response = await api(
      'GET',
      `${REFERENTIEL_PATHS.pensionnaires}?clientId=${first}&pageSize=200`,
      agent,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ data: { clientId: number }[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.clientId === first)).toBe(true);
    expect((await api('GET', `${REFERENTIEL_PATHS.pensionnaires}?clientId=abc`, agent)).statusCode).toBe(400);
  });

  it('refuses a resident for an archived client (400, nothing created)', async () => {
    const client = await created(REFERENTIEL_PATHS.clients, await clientBody('archived'));
    await api('PUT', `${REFERENTIEL_PATHS.clients}/${client.id}/archive`, admin);
    const response = await api('POST', REFERENTIEL_PATHS.pensionnaires, admin, {
      clientId: client.id,
      nom: 'Sow',
      prenom: 'Awa',
      sexe: 'F',
      numeroDossier: 'ARCH-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Le client indiqué n'existe pas ou est archivé." });
  });
});

describe('an agent corrects a resident (PATCH /pensionnaires/:id)', () => {
  const resident = async (unique: string) => {
    const client = await created(REFERENTIEL_PATHS.clients, await clientBody(`patch${unique}`));
    return created(REFERENTIEL_PATHS.pensionnaires, {
      clientId: client.id,
      nom: 'Diallo',
      prenom: 'Aminata',
      sexe: 'F',
      numeroDossier: `PATCH-${unique}`,
      telephone: '06 11 22 33 44',
    });
  };

  it('lets an agent change the contact details and the spelling of the name, audited', async () => {
    const { id } = await resident('ok');
    const body = {
      nom: 'Dialo',
      prenom: 'Aminatou',
      telephone: '07 00 00 00 01',
      email: 'aminata.diallo@example.fr',
      dateNaissance: '1991-05-02',
      notes: 'Préfère être appelée le matin.',
    };
    const response = await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent, body);
    expect(response.statusCode, response.body).toBe(200);
    const written = response.json<{ message: string; data: Record<string, unknown> }>();
    expect(written.message).toBe('Le pensionnaire Aminatou Dialo a été modifié.');
    expect(written.data).toMatchObject({ ...body, numeroDossier: 'PATCH-ok', sexe: 'F' });
    const [audit] = await rowsOf<{ action: string; actor_kind: string; before: string; after: string }>(
      app.db,
      sql`select action, actor_kind, before::text, after::text from audit_log
        where entity = 'pensionnaire' and entity_id = ${String(id)} and action = 'update'`,
    );
    expect(audit).toMatchObject({ action: 'update', actor_kind: 'user' });
    expect(audit?.before).toContain('06 11 22 33 44');
    expect(audit?.after).toContain('07 00 00 00 01');
    const cleared = await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent, {
      telephone: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ data: { telephone: string | null; email: string } }>().data).toMatchObject({
      telephone: null,
      email: 'aminata.diallo@example.fr',
    });
  });

  it('refuses an agent any other field with a French 403, and changes nothing', async () => {
    const { id } = await resident('refused');
    const refused = await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent, {
      telephone: '07 00 00 00 02',
      numeroDossier: 'AUTRE',
      sexe: 'M',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'Seul un administrateur peut modifier le sexe et le numéro de dossier d’un pensionnaire. ' +
        'Un agent peut corriger le nom, le prénom, la date de naissance, le téléphone, l’e-mail et les notes.',
    });
    const unchanged = await api('GET', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent);
    expect(unchanged.json()).toMatchObject({ numeroDossier: 'PATCH-refused', telephone: '06 11 22 33 44' });
    expect(
      (await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent, { clientId: 1 })).statusCode,
    ).toBe(403);
    // The full replacement, archiving and restoring stay an administrator's.
    expect((await api('PUT', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, agent, {})).statusCode).toBe(403);
    expect((await api('PUT', `${REFERENTIEL_PATHS.pensionnaires}/${id}/archive`, agent)).statusCode).toBe(
      403,
    );
  });

  it('lets an administrator patch any field; validates the body (400) and the record (404, 409 archived)', async () => {
    const { id } = await resident('admin');
    const patched = await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/${id}`, admin, { sexe: 'X' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ data: { sexe: string; nom: string } }>().data).toMatchObject({
      sexe: 'X',
      nom: 'Diallo',
    });
    const path = `${REFERENTIEL_PATHS.pensionnaires}/${id}`;
    expect((await api('PATCH', path, agent, { inconnu: 1 })).json()).toEqual({
      message: "Le champ « inconnu » n'est pas autorisé.",
      champ: 'inconnu',
    });
    const empty = await api('PATCH', path, agent, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Indiquez au moins un champ à modifier.' });
    expect((await api('PATCH', path, agent, { email: 'pas-un-email' })).statusCode).toBe(400);
    expect(
      (await api('PATCH', `${REFERENTIEL_PATHS.pensionnaires}/987654`, agent, { nom: 'X' })).statusCode,
    ).toBe(404);
    await api('PUT', `${path}/archive`, admin);
    const archived = await api('PATCH', path, agent, { nom: 'Dialo' });
    expect(archived.statusCode).toBe(409);
  });

  it('is offered for residents only: other reference data has no PATCH', async () => {
    const { id } = await created(REFERENTIEL_PATHS.groupesClients, { nom: `Groupe patch ${Math.random()}` });
    const response = await api('PATCH', `${REFERENTIEL_PATHS.groupesClients}/${id}`, admin, { nom: 'X' });
    expect(response.statusCode).toBe(404);
  });
});
