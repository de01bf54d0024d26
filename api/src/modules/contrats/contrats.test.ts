import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONTRATS_PATHS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import {
  auditLog,
  clients,
  contratEtablissementTarifs,
  contratsEtablissement,
  etablissements,
} from '../../db/schema';
import { contratDbError, DB_MESSAGES } from './db-errors';
import {
  createContract,
  insertClient,
  insertHotel,
  insertResident,
  insertRoomType,
  insertStay,
} from '../../../test/fixtures/contrats';

let app: FastifyInstance;
let admin: string;
let agent: string;
let adminId: number;
const ref = {} as {
  hotel: { id: number; nom: string };
  archivedHotel: { id: number };
  client: { id: number; nom: string };
  archivedClient: { id: number };
  double: { id: number; libelle: string };
  familiale: { id: number; libelle: string };
  archivedType: { id: number };
};

beforeAll(async () => {
  app = await buildTestApp();
  const adminUser = await userToken(app, 'admin');
  admin = adminUser.token;
  adminId = adminUser.user.id;
  agent = (await userToken(app, 'agent')).token;
  ref.hotel = await insertHotel(app, { nom: 'Hôtel du Parc' });
  ref.archivedHotel = await insertHotel(app, { archived: true });
  ref.client = await insertClient(app, { nom: 'SIAO 69' });
  ref.archivedClient = await insertClient(app, { archived: true });
  ref.double = await insertRoomType(app, { libelle: 'Double' });
  ref.familiale = await insertRoomType(app, { libelle: 'Familiale', capacite: 5 });
  ref.archivedType = await insertRoomType(app, { archived: true });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

type Body = Record<string, unknown> & { lignes: Record<string, unknown>[] };

interface Kind {
  name: string;
  path: string;
  partyField: 'etablissementId' | 'clientId';
  partyNomField: 'etablissementNom' | 'clientNom';
  party: () => { id: number; nom: string };
  archivedParty: () => { id: number };
  body: (reference: string) => Body;
  /** What the first line of body() reads back as. */
  firstLine: Record<string, unknown>;
  entity: string;
  label: string;
}

const baseHeader = (reference: string) => ({
  reference,
  dateDebut: '2025-01-01',
  dateFin: '2026-01-01',
  modeTarification: 'par_chambre',
  tauxTvaNuitee: '10',
  tauxTvaRepas: '5.5',
});

const KINDS: Kind[] = [
  {
    name: 'contrat établissement',
    path: CONTRATS_PATHS.contratsEtablissement,
    partyField: 'etablissementId',
    partyNomField: 'etablissementNom',
    party: () => ref.hotel,
    archivedParty: () => ref.archivedHotel,
    body: (reference) => ({
      ...baseHeader(reference),
      etablissementId: ref.hotel.id,
      lignes: [
        {
          typeChambreId: ref.double.id,
          dateDebut: '2025-01-01',
          dateFin: '2025-07-01',
          prixNuiteeHt: '60',
          prixPetitDejeunerHt: '6.5',
          allotement: 2,
        },
        {
          typeChambreId: ref.double.id,
          dateDebut: '2025-07-01',
          dateFin: '2026-01-01',
          prixNuiteeHt: '70.00',
        },
      ],
    }),
    firstLine: {
      typeChambreLibelle: 'Double',
      prixNuiteeHt: '60.00',
      prixPetitDejeunerHt: '6.50',
      prixDejeunerHt: '0.00',
      prixDinerHt: '0.00',
      allotement: 2,
      utilisee: false,
    },
    entity: 'contrat_etablissement',
    label: 'Le contrat établissement',
  },
  {
    name: 'contrat client',
    path: CONTRATS_PATHS.contratsClients,
    partyField: 'clientId',
    partyNomField: 'clientNom',
    party: () => ref.client,
    archivedParty: () => ref.archivedClient,
    body: (reference) => ({
      ...baseHeader(reference),
      clientId: ref.client.id,
      montantPafJour: '3.5',
      delaiAlerteJours: 3,
      lignes: [
        {
          typeChambreId: ref.double.id,
          dateDebut: '2025-01-01',
          dateFin: '2025-07-01',
          prixNuiteeHt: '75',
          prixPetitDejeunerHt: '7.5',
        },
        {
          typeChambreId: ref.double.id,
          etablissementId: ref.hotel.id,
          dateDebut: '2025-01-01',
          dateFin: '2026-01-01',
          prixNuiteeHt: '80',
        },
      ],
    }),
    firstLine: {
      typeChambreLibelle: 'Double',
      etablissementId: null,
      etablissementNom: null,
      prixNuiteeHt: '75.00',
      prixPetitDejeunerHt: '7.50',
      prixDejeunerHt: '0.00',
      utilisee: false,
    },
    entity: 'contrat_client',
    label: 'Le contrat client',
  },
];

let sequence = 0;
const nextReference = (prefix: string) => `${prefix}-${(sequence += 1)}`;

describe.each(KINDS)('$name', (kind) => {
  const create = (body: Body = kind.body(nextReference('C')), statut?: 'actif' | 'suspendu' | 'clos') =>
    createContract(app, admin, kind.path, body, statut);

  it('requires a token, lets staff read but not write', async () => {
    expect((await api('GET', kind.path)).statusCode).toBe(401);
    expect((await api('GET', `${kind.path}/1`)).statusCode).toBe(401);
    const body = kind.body(nextReference('AUTH'));
    const forbidden = await api('POST', kind.path, agent, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: "Vous n'êtes pas autorisé à accéder à cette ressource." });
    const { id } = await create(body);
    expect((await api('GET', kind.path, agent)).statusCode).toBe(200);
    expect((await api('GET', `${kind.path}/${id}`, agent)).statusCode).toBe(200);
    expect((await api('PUT', `${kind.path}/${id}`, agent, body)).statusCode).toBe(403);
    expect((await api('PUT', `${kind.path}/${id}/statut`, agent, { statut: 'actif' })).statusCode).toBe(403);
  });

  it('creates a contract with its lines in one call, normalised, audited', async () => {
    const reference = nextReference('CREATE');
    const response = await api('POST', kind.path, admin, kind.body(reference));
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json<{
      message: string;
      data: Record<string, unknown> & { id: number };
    }>();
    expect(message).toBe(`${kind.label} « ${reference} » a été créé.`);
    expect(data).toMatchObject({
      reference,
      statut: 'brouillon',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '5.50',
      [kind.partyField]: kind.party().id,
      [kind.partyNomField]: kind.party().nom,
    });
    const lignes = data.lignes as Record<string, unknown>[];
    expect(lignes).toHaveLength(2);
    expect(lignes[0]).toMatchObject(kind.firstLine);

    const read = await api('GET', `${kind.path}/${data.id}`, agent);
    expect(read.json()).toEqual(data);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, kind.entity), eq(auditLog.entityId, String(data.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorUserId: adminId, before: null });
    expect((audit[0]?.after as { lignes: unknown[] }).lignes).toHaveLength(2);
  });

  it('lists with reference search, party and status filters, sort and paging', async () => {
    const marker = `LISTE-${kind.partyField}`;
    // Digits, not letters: text order depends on the collation (C on the embedded server, often en_US on another PostgreSQL).
    const a = await create(kind.body(`${marker}-2`));
    const b = await create(kind.body(`${marker}-1`), 'actif');
    const list = async (query: string) => {
      const response = await api('GET', `${kind.path}?${query}`, agent);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: number; reference: string; lignes?: unknown }[]; total: number }>();
    };
    const found = await list(`reference=${marker.toLowerCase()}&sort=reference&order=asc`);
    expect(found.data.map((row) => row.id)).toEqual([b.id, a.id]);
    expect(found.total).toBe(2);
    expect(found.data[0]).not.toHaveProperty('lignes');
    expect((await list(`reference=${marker}&statut=actif`)).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list(`reference=${marker}&${kind.partyField}=${kind.party().id}`)).total).toBe(2);
    expect((await list(`reference=${marker}&${kind.partyField}=987654`)).total).toBe(0);
    const paged = await list(`reference=${marker}&pageSize=1&page=2&sort=reference`);
    expect(paged).toMatchObject({ total: 2, data: [{ id: a.id }] });

    const badSort = await api('GET', `${kind.path}?sort=prix`, agent);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({ message: "Le tri sur « prix » n'est pas disponible." });
  });

  const line = (values: Record<string, unknown>) => ({
    typeChambreId: ref.double.id,
    dateDebut: '2025-01-01',
    dateFin: '2025-02-01',
    prixNuiteeHt: '50',
    ...values,
  });

  /** Each case: its name, the body change, the message and the field it names (`champ`, docs/api.md « Errors »). */
  const INVALID: [string, (body: Body) => Body, string, string][] = [
    [
      'an unknown field',
      (b) => ({ ...b, inconnu: 1 }),
      "Le champ « inconnu » n'est pas autorisé.",
      'inconnu',
    ],
    [
      'an unknown line field',
      (b) => ({ ...b, lignes: [line({ remise: '5' })] }),
      "Le champ « lignes.0.remise » n'est pas autorisé.",
      'lignes.0.remise',
    ],
    [
      'a price with three decimals',
      (b) => ({ ...b, lignes: [line({ prixNuiteeHt: '12.345' })] }),
      'Le champ lignes.0.prixNuiteeHt est invalide.',
      'lignes.0.prixNuiteeHt',
    ],
    [
      'a negative price',
      (b) => ({ ...b, lignes: [line({ prixDinerHt: '-1' })] }),
      'Le champ lignes.0.prixDinerHt est invalide.',
      'lignes.0.prixDinerHt',
    ],
    [
      'a VAT rate over 100',
      (b) => ({ ...b, tauxTvaNuitee: '120' }),
      'Le champ tauxTvaNuitee est invalide.',
      'tauxTvaNuitee',
    ],
    [
      'a date that does not exist',
      (b) => ({ ...b, dateFin: '2025-02-30' }),
      'Le champ dateFin est invalide.',
      'dateFin',
    ],
    [
      'an empty reference',
      (b) => ({ ...b, reference: '   ' }),
      'Le champ reference est obligatoire.',
      'reference',
    ],
    [
      'a contract ending before it starts',
      (b) => ({ ...b, dateFin: '2024-12-31', lignes: [] }),
      'La date de fin du contrat doit être postérieure à sa date de début.',
      'dateFin',
    ],
    [
      'a line outside the contract period',
      (b) => ({ ...b, lignes: [line({ dateDebut: '2025-12-01', dateFin: '2026-02-01' })] }),
      'Ligne de tarif n° 1 (« Double »' +
        `${kind.partyField === 'clientId' ? ', tous établissements' : ''}) : sa période (du 01/12/2025 au ` +
        '01/02/2026 exclu) doit être comprise dans celle du contrat (du 01/01/2025 au 01/01/2026 exclu).',
      'lignes.0.dateFin',
    ],
    [
      'a line ending before it starts',
      (b) => ({ ...b, lignes: [line({ dateDebut: '2025-03-01', dateFin: '2025-03-01' })] }),
      'Ligne de tarif n° 1 (« Double »' +
        `${kind.partyField === 'clientId' ? ', tous établissements' : ''}) : la date de fin doit être ` +
        'postérieure à la date de début.',
      'lignes.0.dateFin',
    ],
    [
      'overlapping lines of one room type',
      (b) => ({
        ...b,
        lignes: [
          line({ dateDebut: '2025-01-01', dateFin: '2025-03-01' }),
          line({ typeChambreId: ref.familiale.id }),
          line({ dateDebut: '2025-02-28', dateFin: '2025-04-01' }),
        ],
      }),
      'Les lignes de tarif n° 1 et n° 3 (« Double »' +
        `${kind.partyField === 'clientId' ? ', tous établissements' : ''}) se chevauchent : ` +
        "une nuit ne peut avoir qu'un prix.",
      'lignes.2.dateDebut',
    ],
    [
      'an unknown room type',
      (b) => ({ ...b, lignes: [line({ typeChambreId: 987_654 })] }),
      "Ligne de tarif n° 1 : le type de chambre indiqué n'existe pas ou est archivé.",
      'lignes.0.typeChambreId',
    ],
    [
      'an archived room type',
      (b) => ({ ...b, lignes: [line({ typeChambreId: ref.archivedType.id })] }),
      "Ligne de tarif n° 1 : le type de chambre indiqué n'existe pas ou est archivé.",
      'lignes.0.typeChambreId',
    ],
  ];

  it.each(INVALID)(
    'answers a French 400 to %s naming the field, and writes nothing',
    async (_case, change, message, champ) => {
      const reference = nextReference('BAD');
      const response = await api('POST', kind.path, admin, change(kind.body(reference)));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message, champ });
      const listed = await api('GET', `${kind.path}?reference=${reference}`, admin);
      expect(listed.json<{ total: number }>().total).toBe(0);
    },
  );

  it('refuses an archived or unknown hotel / client (400)', async () => {
    for (const id of [kind.archivedParty().id, 987_654]) {
      const response = await api('POST', kind.path, admin, {
        ...kind.body(nextReference('PARTY')),
        [kind.partyField]: id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/n'existe pas ou est archivé/);
      expect(response.json<{ champ?: string }>().champ).toBe(kind.partyField);
    }
  });

  it('answers 404 to an unknown contract', async () => {
    for (const [method, url, payload] of [
      ['GET', `${kind.path}/987654`, undefined],
      ['PUT', `${kind.path}/987654`, kind.body(nextReference('404'))],
      ['PUT', `${kind.path}/987654/statut`, { statut: 'actif' }],
    ] as const) {
      const response = await api(method, url, admin, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(
        /^Contrat (établissement|client) introuvable\.$/,
      );
    }
    expect((await api('GET', `${kind.path}/abc`, admin)).json()).toEqual({
      message: 'Le paramètre id est invalide.',
    });
  });

  it('answers 409 to a duplicate reference, on create and on update', async () => {
    const reference = nextReference('DUP');
    await create(kind.body(reference));
    const duplicate = await api('POST', kind.path, admin, kind.body(reference));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toMatch(
      new RegExp(`porte déjà la référence « ${reference} »`),
    );
    expect(duplicate.json<{ champ?: string }>().champ).toBe('reference');
    const other = await create();
    const renamed = await api('PUT', `${kind.path}/${other.id}`, admin, kind.body(reference));
    expect(renamed.statusCode).toBe(409);
  });

  it('follows the status machine; invalid transitions answer 409 « Transition impossible »', async () => {
    const reference = nextReference('STATUT');
    const { id } = await create(kind.body(reference));
    const move = (statut: string) => api('PUT', `${kind.path}/${id}/statut`, admin, { statut });

    const refused = await move('suspendu');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        `Transition impossible : le contrat « ${reference} » est « brouillon » et ne peut pas passer à ` +
        '« suspendu » (transitions possibles : « actif », « clos »).',
    });
    const steps: [string, string][] = [
      ['actif', 'a été activé'],
      ['suspendu', 'a été suspendu'],
      ['actif', 'a été réactivé'],
      ['clos', 'a été clos'],
    ];
    for (const [statut, verb] of steps) {
      const response = await move(statut);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: `${kind.label} « ${reference} » ${verb}.`,
        data: { id, statut },
      });
    }
    const final = await move('actif');
    expect(final.statusCode).toBe(409);
    expect(final.json<{ message: string }>().message).toMatch(
      /^Transition impossible : .*son statut est définitif/,
    );
    const same = await move('clos');
    expect(same.json<{ message: string }>().message).toMatch(/^Transition impossible : .* est déjà « clos »/);
    const edit = await api('PUT', `${kind.path}/${id}`, admin, kind.body(reference));
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toMatch(/est clos : il ne peut plus être modifié/);
    const unknownStatus = await api('PUT', `${kind.path}/${id}/statut`, admin, { statut: 'archive' });
    expect(unknownStatus.statusCode).toBe(400);

    const audit = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, kind.entity), eq(auditLog.entityId, String(id))));
    expect(audit.map((row) => row.action)).toEqual(['create', 'statut', 'statut', 'statut', 'statut']);
  });

  it('refuses to activate a contract without tariff lines', async () => {
    const { id } = await create({ ...kind.body(nextReference('VIDE')), lignes: [] });
    const response = await api('PUT', `${kind.path}/${id}/statut`, admin, { statut: 'actif' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/n'a aucune ligne de tarif/);

    const party = kind.partyField === 'etablissementId' ? await insertHotel(app) : await insertClient(app);
    const orphan = await create({ ...kind.body(nextReference('ORPHELIN')), [kind.partyField]: party.id });
    const table = kind.partyField === 'etablissementId' ? etablissements : clients;
    await app.db.update(table).set({ archivedAt: new Date() }).where(eq(table.id, party.id));
    const archived = await api('PUT', `${kind.path}/${orphan.id}/statut`, admin, { statut: 'actif' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json<{ message: string }>().message).toMatch(
      /est archivé : le contrat ne peut pas être activé/,
    );
  });

  it('updates the header and replaces the lines (unchanged lines keep their id)', async () => {
    const reference = nextReference('MAJ');
    const body = kind.body(reference);
    const created = await create(body);
    const [kept, changed] = created.lignes;
    const update = {
      ...body,
      reference: `${reference}-bis`,
      dateFin: '2026-07-01',
      notes: 'Renégocié',
      lignes: [
        { ...body.lignes[0], id: kept?.id },
        { ...body.lignes[1], id: changed?.id, prixNuiteeHt: '99.9', dateFin: '2026-07-01' },
        line({ typeChambreId: ref.familiale.id, dateDebut: '2025-05-01', dateFin: '2025-06-01' }),
      ],
    };
    const response = await api('PUT', `${kind.path}/${created.id}`, admin, update);
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json<{
      message: string;
      data: {
        reference: string;
        dateFin: string;
        notes: string;
        lignes: { id: number; prixNuiteeHt: string }[];
      };
    }>();
    expect(message).toBe(`${kind.label} « ${reference}-bis » a été modifié.`);
    expect(data).toMatchObject({ reference: `${reference}-bis`, dateFin: '2026-07-01', notes: 'Renégocié' });
    expect(data.lignes).toHaveLength(3);
    expect(data.lignes.map((row) => row.id)).toContain(kept?.id);
    expect(data.lignes.map((row) => row.prixNuiteeHt)).toContain('99.90');

    // Resending the lines without ids keeps them all.
    const again = await api('PUT', `${kind.path}/${created.id}`, admin, {
      ...update,
      lignes: update.lignes.map((row) => ({ ...row, id: undefined })),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json<{ data: { lignes: { id: number }[] } }>()
        .data.lignes.map((row) => row.id)
        .sort(),
    ).toEqual(data.lignes.map((row) => row.id).sort());

    const foreign = await api('PUT', `${kind.path}/${created.id}`, admin, {
      ...update,
      lignes: [{ ...update.lignes[0], id: 987_654 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: "Ligne de tarif n° 1 : la ligne 987654 n'appartient pas à ce contrat.",
      champ: 'lignes.0',
    });
  });

  it('refuses to remove or change a line already used by nights (409), and keeps it when resent', async () => {
    const reference = nextReference('UTIL');
    const body = kind.body(reference);
    const contract = await create(body, 'actif');
    const usedLine = contract.lignes.find((row) => row.dateDebut === '2025-01-01');
    if (usedLine === undefined) throw new Error('no line');

    // The other side of the stay: a contract of the other kind, with the same room type.
    const otherKind = KINDS.find((other) => other !== kind) as Kind;
    const other = await createContract(
      app,
      admin,
      otherKind.path,
      otherKind.body(nextReference('AUTRE')),
      'actif',
    );
    const resident = await insertResident(app, ref.client.id);
    const [etab, client] = kind.partyField === 'etablissementId' ? [contract, other] : [other, contract];
    await insertStay(app, {
      clientId: ref.client.id,
      contratClientId: client.id,
      clientTarifId: kind.partyField === 'clientId' ? usedLine.id : null,
      etablissementId: ref.hotel.id,
      contratEtablissementId: etab.id,
      etablissementTarifId: kind.partyField === 'etablissementId' ? usedLine.id : null,
      typeChambreId: ref.double.id,
      pensionnaireId: resident.id,
      dateDebut: '2025-03-01',
      dateFin: '2025-03-04',
    });

    const detail = await api('GET', `${kind.path}/${contract.id}`, agent);
    const lines = detail.json<{ lignes: { id: number; utilisee: boolean }[] }>().lignes;
    expect(lines.find((row) => row.id === usedLine.id)?.utilisee).toBe(true);

    const removed = await api('PUT', `${kind.path}/${contract.id}`, admin, {
      ...body,
      lignes: [body.lignes[1]],
    });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json<{ message: string }>().message).toMatch(
      /^La ligne de tarif « Double ».* du 01\/01\/2025 au 01\/07\/2025 exclu est déjà utilisée par des nuitées : elle ne peut pas être supprimée\./,
    );
    // A removed line is no longer in the form: the message names no field.
    expect(removed.json()).not.toHaveProperty('champ');

    const altered = await api('PUT', `${kind.path}/${contract.id}`, admin, {
      ...body,
      lignes: [{ ...body.lignes[0], id: usedLine.id, prixNuiteeHt: '1' }, body.lignes[1]],
    });
    expect(altered.statusCode).toBe(409);
    expect(altered.json<{ message: string }>().message).toMatch(/elle ne peut pas être modifiée/);
    expect(altered.json<{ champ?: string }>().champ).toBe('lignes.0.prixNuiteeHt');

    const shrunk = await api('PUT', `${kind.path}/${contract.id}`, admin, {
      ...body,
      dateDebut: '2025-02-01',
    });
    expect(shrunk.statusCode).toBe(400);

    // Resent unchanged (without its id), the used line stays; an unused line may go, a new one arrive.
    const kept = await api('PUT', `${kind.path}/${contract.id}`, admin, {
      ...body,
      notes: 'Toujours valable',
      lignes: [body.lignes[0], line({ typeChambreId: ref.familiale.id })],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptLines = kept.json<{ data: { lignes: { id: number; utilisee: boolean }[] } }>().data.lignes;
    expect(keptLines).toHaveLength(2);
    expect(keptLines).toContainEqual(expect.objectContaining({ id: usedLine.id, utilisee: true }));

    // A stay uses the contract: its hotel / client is fixed.
    const otherParty =
      kind.partyField === 'etablissementId' ? await insertHotel(app) : await insertClient(app);
    const moved = await api('PUT', `${kind.path}/${contract.id}`, admin, {
      ...body,
      [kind.partyField]: otherParty.id,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<{ message: string }>().message).toMatch(/^Ce contrat a déjà des réservations/);
  });

  it('moves the contract to another hotel / client only while no stay uses it', async () => {
    const body = kind.body(nextReference('PARTIE'));
    const { id } = await create(body);
    const otherParty =
      kind.partyField === 'etablissementId' ? await insertHotel(app) : await insertClient(app);
    const moved = await api('PUT', `${kind.path}/${id}`, admin, {
      ...body,
      [kind.partyField]: otherParty.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      data: { [kind.partyField]: otherParty.id, [kind.partyNomField]: otherParty.nom },
    });
  });
});

describe('database rules as French errors', () => {
  it('maps the exclusion constraint, the period triggers and the checks of the contract tables', async () => {
    const contract = await createContract(app, admin, CONTRATS_PATHS.contratsEtablissement, {
      ...baseHeader(nextReference('DB')),
      etablissementId: ref.hotel.id,
      lignes: [
        { typeChambreId: ref.double.id, dateDebut: '2025-01-01', dateFin: '2025-03-01', prixNuiteeHt: '1' },
      ],
    });
    const line = {
      contratId: contract.id,
      typeChambreId: ref.double.id,
      dateDebut: '2025-02-01',
      dateFin: '2025-04-01',
    };
    const caught = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        return contratDbError(error, 'doublon');
      }
      throw new Error('a violation was expected');
    };
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => app.db.insert(contratEtablissementTarifs).values(line), 400, DB_MESSAGES.overlap],
      [
        () =>
          app.db
            .insert(contratEtablissementTarifs)
            .values({ ...line, typeChambreId: ref.familiale.id, dateFin: '2027-01-01' }),
        400,
        DB_MESSAGES.outsidePeriod,
      ],
      [
        () =>
          app.db
            .update(contratsEtablissement)
            .set({ dateDebut: '2025-02-01' })
            .where(eq(contratsEtablissement.id, contract.id)),
        400,
        DB_MESSAGES.outsidePeriod,
      ],
      [
        () =>
          app.db
            .insert(contratEtablissementTarifs)
            .values({ ...line, typeChambreId: ref.familiale.id, dateFin: '2025-01-01' }),
        400,
        DB_MESSAGES.period,
      ],
      [
        () =>
          app.db
            .update(contratsEtablissement)
            .set({ tauxTvaNuitee: '120' })
            .where(eq(contratsEtablissement.id, contract.id)),
        400,
        DB_MESSAGES.outOfRange,
      ],
    ];
    for (const [work, status, message] of cases) {
      const error = await caught(work);
      expect(error).toMatchObject({ statusCode: status, message });
    }
    expect(contratDbError(new Error('autre chose'), 'doublon')).toBeUndefined();
  });
});
