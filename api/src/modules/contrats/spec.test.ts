import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  parisToday,
  addDays,
  CONTRATS_PATHS,
  CONTRATS_SPEC_PATHS as PATHS,
  MAX_PENSIONNAIRES_SEARCH,
  PENSIONNAIRES_SEARCH_ERROR,
  type DisponibiliteEtablissement,
  type TypeChambreData,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { etablissements, pensionnaires } from '../../db/schema';
import {
  createContract,
  insertClient,
  insertHotel,
  insertResident,
  insertRoomType,
  insertStay,
  occupy,
} from '../../../test/fixtures/contrats';

let app: FastifyInstance;
let admin: string;
let agent: string;

const header = (reference: string, dateDebut = '2025-01-01', dateFin = '2026-01-01') => ({
  reference,
  dateDebut,
  dateFin,
  modeTarification: 'par_chambre',
  tauxTvaNuitee: '10',
  tauxTvaRepas: '10',
});

/** The business "today" (Europe/Paris), as the API computes it. */
const today = parisToday();

const w = {} as {
  double: { id: number };
  familiale: { id: number };
  alpha: { id: number; nom: string };
  bravo: { id: number; nom: string };
  archived: { id: number };
  ca: { id: number; doubleH1: number; doubleH2: number };
  cb: { id: number };
  cc: { id: number };
  cd: { id: number };
  k1: { id: number };
  k2: { id: number };
  ka: { id: number };
  kb: { id: number };
  kc: { id: number };
  k2a: { id: number };
};

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
  w.double = await insertRoomType(app, { libelle: 'Double', capacite: 2 });
  w.familiale = await insertRoomType(app, { libelle: 'Familiale', capacite: 5 });
  w.alpha = await insertHotel(app, { nom: 'Hôtel Alpha', ville: 'Lyon' });
  w.bravo = await insertHotel(app, { nom: 'Hôtel Bravo', ville: 'Villeurbanne' });
  w.archived = await insertHotel(app, { nom: 'Hôtel Charlie', ville: 'Lyon' });

  const etab = CONTRATS_PATHS.contratsEtablissement;
  const double = (dateDebut: string, dateFin: string, prixNuiteeHt: string, allotement: number | null) => ({
    typeChambreId: w.double.id,
    dateDebut,
    dateFin,
    prixNuiteeHt,
    prixPetitDejeunerHt: '6.5',
    allotement,
  });
  // Alpha: Double at 60 then 70, 2 rooms a night; Familiale (no limit) until April.
  const ca = await createContract(
    app,
    admin,
    etab,
    {
      ...header('CA-ALPHA'),
      etablissementId: w.alpha.id,
      lignes: [
        double('2025-01-01', '2025-07-01', '60', 2),
        double('2025-07-01', '2026-01-01', '70', 2),
        { typeChambreId: w.familiale.id, dateDebut: '2025-01-01', dateFin: '2025-04-01', prixNuiteeHt: '90' },
      ],
    },
    'actif',
  );
  const lineOf = (dateDebut: string) =>
    ca.lignes.find((l) => l.typeChambreId === w.double.id && l.dateDebut === dateDebut)?.id as number;
  w.ca = { id: ca.id, doubleH1: lineOf('2025-01-01'), doubleH2: lineOf('2025-07-01') };
  // Bravo: an active contract whose Double line stops on 1 March; a draft covering the whole year.
  w.cb = await createContract(
    app,
    admin,
    etab,
    {
      ...header('CB-BRAVO'),
      etablissementId: w.bravo.id,
      lignes: [double('2025-01-01', '2025-03-01', '55', null)],
    },
    'actif',
  );
  w.cc = await createContract(app, admin, etab, {
    ...header('CC-BRAVO-BROUILLON'),
    etablissementId: w.bravo.id,
    lignes: [double('2025-01-01', '2026-01-01', '50', null)],
  });
  // Charlie: an active contract, but the hotel is archived since.
  w.cd = await createContract(
    app,
    admin,
    etab,
    {
      ...header('CD-CHARLIE'),
      etablissementId: w.archived.id,
      lignes: [double('2025-01-01', '2026-01-01', '40', null)],
    },
    'actif',
  );
  await app.db
    .update(etablissements)
    .set({ archivedAt: new Date() })
    .where(eq(etablissements.id, w.archived.id));

  // Two nights of the first Double line of Alpha are (partly) taken.
  await occupy(app, w.ca.doubleH1, '2025-03-10', 2);
  await occupy(app, w.ca.doubleH1, '2025-03-20', 1);

  const client = CONTRATS_PATHS.contratsClients;
  const line = { typeChambreId: w.double.id, prixNuiteeHt: '75' };
  w.k1 = await insertClient(app, { nom: 'SIAO 69' });
  w.k2 = await insertClient(app, { nom: 'Samu social' });
  w.ka = await createContract(
    app,
    admin,
    client,
    {
      ...header('KA-SIAO'),
      clientId: w.k1.id,
      lignes: [{ ...line, dateDebut: '2025-01-01', dateFin: '2026-01-01' }],
    },
    'actif',
  );
  w.kb = await createContract(app, admin, client, {
    ...header('KB-SIAO-BROUILLON'),
    clientId: w.k1.id,
    lignes: [{ ...line, dateDebut: '2025-01-01', dateFin: '2026-01-01' }],
  });
  w.kc = await createContract(
    app,
    admin,
    client,
    {
      ...header('KC-SIAO-HIVER', '2025-01-01', '2025-03-01'),
      clientId: w.k1.id,
      lignes: [{ ...line, dateDebut: '2025-01-01', dateFin: '2025-03-01' }],
    },
    'actif',
  );
  w.k2a = await createContract(
    app,
    admin,
    client,
    {
      ...header('K2A-SAMU'),
      clientId: w.k2.id,
      lignes: [{ ...line, dateDebut: '2025-01-01', dateFin: '2026-01-01' }],
    },
    'actif',
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const api = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

describe('POST /contrat_etablissement/available', () => {
  const available = async (body: Record<string, unknown>) => {
    const response = await api('POST', PATHS.contratEtablissementAvailable, agent, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ contrats_etablissements: DisponibiliteEtablissement[] }>().contrats_etablissements;
  };
  /** contract reference → room type → free rooms, for the hotels of this file. */
  const summary = (items: DisponibiliteEtablissement[]) =>
    Object.fromEntries(
      items.map((item) => [
        item.contrat.reference,
        Object.fromEntries(item.type_chambres.map((type) => [type.libelle, type.chambres_libres])),
      ]),
    );

  const CASES: [string, Record<string, unknown>, Record<string, Record<string, number | null>>][] = [
    [
      'excludes a hotel whose allotment is full on one night of the stay',
      { start_date: '2025-03-08', end_date: '2025-03-12', type_chambre_id: 0 },
      {},
    ],
    [
      'includes it when the stay does not cover that night (departure on that day)',
      { start_date: '2025-03-08', end_date: '2025-03-10', type_chambre_id: 0 },
      { 'CA-ALPHA': { Double: 2 } },
    ],
    [
      'includes it from the next night, with the fewest free rooms of the stay',
      { start_date: '2025-03-11', end_date: '2025-03-22', type_chambre_id: 0 },
      { 'CA-ALPHA': { Double: 1 } },
    ],
    [
      'includes unlimited lines (null), excludes drafts and archived hotels',
      { start_date: '2025-02-10', end_date: '2025-02-12', type_chambre_id: 0 },
      { 'CA-ALPHA': { Double: 2 }, 'CB-BRAVO': { Double: null } },
    ],
    [
      'excludes a contract whose lines do not price every night',
      { start_date: '2025-02-27', end_date: '2025-03-02', type_chambre_id: 0 },
      { 'CA-ALPHA': { Double: 2 } },
    ],
    [
      'prices a stay across two lines',
      { start_date: '2025-06-29', end_date: '2025-07-02', type_chambre_id: 0 },
      { 'CA-ALPHA': { Double: 2 } },
    ],
    [
      'excludes a stay running past the contract',
      { start_date: '2025-12-30', end_date: '2026-01-02', type_chambre_id: 0 },
      {},
    ],
    [
      'asks for several rooms',
      { start_date: '2025-02-10', end_date: '2025-02-12', type_chambre_id: 0, nombre_chambres: 3 },
      { 'CB-BRAVO': { Double: null } },
    ],
    [
      'filters on the city (case-insensitive substring)',
      { start_date: '2025-02-10', end_date: '2025-02-12', ville: 'VILLEUR' },
      { 'CB-BRAVO': { Double: null } },
    ],
    [
      'lists every room type available without type_chambre_id',
      { start_date: '2025-03-08', end_date: '2025-03-12' },
      { 'CA-ALPHA': { Familiale: null } },
    ],
  ];

  it.each(CASES)('%s', async (_name, body, expected) => {
    const withType = body.type_chambre_id === 0 ? { ...body, type_chambre_id: w.double.id } : body;
    expect(summary(await available(withType))).toEqual(expected);
  });

  it('answers the hotel, the contract and the room types', async () => {
    const [item] = await available({ start_date: '2025-02-10', end_date: '2025-02-11', ville: 'lyon' });
    expect(item).toEqual({
      etablissement: { id: w.alpha.id, nom: 'Hôtel Alpha', ville: 'Lyon', code_postal: '69003' },
      contrat: {
        id: w.ca.id,
        reference: 'CA-ALPHA',
        date_debut: '2025-01-01',
        date_fin: '2026-01-01',
        mode_tarification: 'par_chambre',
      },
      type_chambres: [
        { id: w.double.id, libelle: 'Double', capacite: 2, chambres_libres: 2 },
        { id: w.familiale.id, libelle: 'Familiale', capacite: 5, chambres_libres: null },
      ],
    });
  });

  it('rejects bad input in French and requires a token', async () => {
    const backwards = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2025-02-10',
      end_date: '2025-02-10',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      message: "La date de départ (end_date) doit être postérieure à la date d'arrivée (start_date).",
    });
    const extra = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2025-02-10',
      end_date: '2025-02-11',
      startDate: '2025-02-10',
    });
    expect(extra.json()).toEqual({
      message: "Le champ « startDate » n'est pas autorisé.",
      champ: 'startDate',
    });
    const rooms = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2025-02-10',
      end_date: '2025-02-11',
      nombre_chambres: 0,
    });
    expect(rooms.json()).toEqual({
      message: 'Le champ nombre_chambres doit être supérieur ou égal à 1.',
      champ: 'nombre_chambres',
    });
    const anonymous = await api('POST', PATHS.contratEtablissementAvailable, undefined, {
      start_date: '2025-02-10',
      end_date: '2025-02-11',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /contrat_etablissement/available: perimeter and order', () => {
  // Hotels under contract in 2027 only, away from the 2025 cases above.
  const HOTELS = [
    { nom: 'Hôtel Lumière', ville: 'Paris', codePostal: '75011' },
    { nom: 'hotelF1 Paris Nord', ville: 'Paris', codePostal: '75018' },
    { nom: 'Appart’City Saint-Denis', ville: 'Saint-Denis', codePostal: '93200' },
    { nom: 'Ibis Montreuil', ville: 'Montreuil', codePostal: '93100' },
    { nom: 'Étoile Versailles', ville: 'Versailles', codePostal: '78000' },
    { nom: 'Zénith Lyon', ville: 'Lyon', codePostal: '69007' },
  ];

  beforeAll(async () => {
    for (const [index, hotel] of HOTELS.entries()) {
      const { id } = await insertHotel(app, hotel);
      await createContract(
        app,
        admin,
        CONTRATS_PATHS.contratsEtablissement,
        {
          ...header(`P-${index}`, '2027-01-01', '2028-01-01'),
          etablissementId: id,
          lignes: [
            {
              typeChambreId: w.double.id,
              dateDebut: '2027-01-01',
              dateFin: '2028-01-01',
              prixNuiteeHt: '50',
              allotement: null,
            },
          ],
        },
        'actif',
      );
    }
  });

  const offered = async (extra: Record<string, unknown>) => {
    const response = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2027-03-01',
      end_date: '2027-03-05',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      contrats_etablissements: DisponibiliteEtablissement[];
      departements?: string[];
    }>();
    return {
      hotels: answer.contrats_etablissements.map((item) => item.etablissement.nom),
      departements: answer.departements,
    };
  };

  it('sorts every hotel by name in French order (accents and case aside)', async () => {
    expect((await offered({})).hotels).toEqual([
      'Appart’City Saint-Denis',
      'Étoile Versailles',
      'Hôtel Lumière',
      'hotelF1 Paris Nord',
      'Ibis Montreuil',
      'Zénith Lyon',
    ]);
  });

  it('offers the requested city only by default', async () => {
    expect(await offered({ ville: 'paris' })).toEqual({
      hotels: ['Hôtel Lumière', 'hotelF1 Paris Nord'],
      departements: undefined,
    });
    expect((await offered({ ville: 'Paris', perimetre: 'ville' })).hotels).toEqual([
      'Hôtel Lumière',
      'hotelF1 Paris Nord',
    ]);
  });

  it('widens to the département, Paris with its inner ring, the city first and the départements named', async () => {
    expect(await offered({ ville: 'Paris', perimetre: 'proximite' })).toEqual({
      hotels: ['Hôtel Lumière', 'hotelF1 Paris Nord', 'Appart’City Saint-Denis', 'Ibis Montreuil'],
      departements: ['75', '92', '93', '94'],
    });
    expect(await offered({ ville: 'Saint-Denis', perimetre: 'proximite' })).toEqual({
      hotels: ['Appart’City Saint-Denis', 'Hôtel Lumière', 'hotelF1 Paris Nord', 'Ibis Montreuil'],
      departements: ['75', '92', '93', '94'],
    });
    expect(await offered({ ville: 'Lyon', perimetre: 'proximite' })).toEqual({
      hotels: ['Zénith Lyon'],
      departements: ['69'],
    });
    expect(await offered({ ville: 'Trifouilly', perimetre: 'proximite' })).toEqual({
      hotels: [],
      departements: [],
    });
  });

  it('widens to every hotel under contract, the requested city first', async () => {
    expect((await offered({ ville: 'Paris', perimetre: 'tous' })).hotels).toEqual([
      'Hôtel Lumière',
      'hotelF1 Paris Nord',
      'Appart’City Saint-Denis',
      'Étoile Versailles',
      'Ibis Montreuil',
      'Zénith Lyon',
    ]);
  });

  it('answers each hotel with its postcode, and 400 in French to an unknown perimeter', async () => {
    const response = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2027-03-01',
      end_date: '2027-03-05',
      ville: 'Montreuil',
    });
    expect(
      response.json<{ contrats_etablissements: DisponibiliteEtablissement[] }>().contrats_etablissements[0]
        ?.etablissement,
    ).toMatchObject({
      nom: 'Ibis Montreuil',
      ville: 'Montreuil',
      code_postal: '93100',
    });
    const bad = await api('POST', PATHS.contratEtablissementAvailable, agent, {
      start_date: '2027-03-01',
      end_date: '2027-03-05',
      ville: 'Paris',
      perimetre: 'region',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Le champ perimetre est invalide.', champ: 'perimetre' });
  });
});

describe('GET /contrat_etablissement/type_chambres/:contratId/:etablissementId', () => {
  const typeChambres = async (query = '', contratId = w.ca.id, etablissementId = w.alpha.id) =>
    api('GET', `${PATHS.contratEtablissementTypeChambres}/${contratId}/${etablissementId}${query}`, agent);
  const data = async (query: string) => {
    const response = await typeChambres(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ type_chambres_data: TypeChambreData[] }>().type_chambres_data;
  };

  it('splits the prices at a sub-period boundary inside the period', async () => {
    expect(await data('?start_date=2025-06-25&end_date=2025-07-05')).toEqual([
      {
        id: w.double.id,
        libelle: 'Double',
        capacite: 2,
        couvre_periode: true,
        tarifs: [
          {
            tarif_id: w.ca.doubleH1,
            date_debut: '2025-06-25',
            date_fin: '2025-07-01',
            nombre_nuits: 6,
            prix_nuitee_ht: '60.00',
            prix_petit_dejeuner_ht: '6.50',
            prix_dejeuner_ht: '0.00',
            prix_diner_ht: '0.00',
            allotement: 2,
            chambres_libres: 2,
          },
          {
            tarif_id: w.ca.doubleH2,
            date_debut: '2025-07-01',
            date_fin: '2025-07-05',
            nombre_nuits: 4,
            prix_nuitee_ht: '70.00',
            prix_petit_dejeuner_ht: '6.50',
            prix_dejeuner_ht: '0.00',
            prix_diner_ht: '0.00',
            allotement: 2,
            chambres_libres: 2,
          },
        ],
      },
    ]);
  });

  it('gives free rooms over the period and says when lines do not cover it', async () => {
    const types = await data('?start_date=2025-03-09&end_date=2025-04-03');
    expect(
      types.map((type) => [type.libelle, type.couvre_periode, type.tarifs.map((t) => t.chambres_libres)]),
    ).toEqual([
      ['Double', true, [0]],
      ['Familiale', false, [null]],
    ]);
    expect(types[1]?.tarifs[0]).toMatchObject({
      date_debut: '2025-03-09',
      date_fin: '2025-04-01',
      nombre_nuits: 23,
    });
  });

  it('lists every line without a period', async () => {
    const types = await data('');
    expect(types.map((type) => [type.libelle, type.tarifs.length])).toEqual([
      ['Double', 2],
      ['Familiale', 1],
    ]);
    expect(types[0]?.tarifs[0]).toMatchObject({
      date_debut: '2025-01-01',
      date_fin: '2025-07-01',
      nombre_nuits: 181,
    });
  });

  it("answers 404 when the contract is not that hotel's, 400 to a bad period", async () => {
    const other = await typeChambres('', w.ca.id, w.bravo.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Ce contrat n'appartient pas à cet établissement." });
    const unknown = await typeChambres('', 987_654, w.alpha.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contrat établissement introuvable.' });
    const half = await typeChambres('?start_date=2025-03-01');
    expect(half.statusCode).toBe(400);
    expect(half.json<{ message: string }>().message).toMatch(/start_date et end_date vont ensemble/);
    const backwards = await typeChambres('?start_date=2025-03-02&end_date=2025-03-01');
    expect(backwards.statusCode).toBe(400);
    const badDate = await typeChambres('?start_date=01/03/2025&end_date=2025-03-02');
    expect(badDate.json()).toEqual({ message: 'Le paramètre start_date est invalide.' });
  });
});

describe('POST /contrat_client/available', () => {
  const available = (body: Record<string, unknown>, token: string | undefined = agent) =>
    api('POST', PATHS.contratClientAvailable, token, body);
  const references = async (start_date: string, end_date: string) => {
    const response = await available({ client_id: w.k1.id, start_date, end_date });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ contrats: { reference: string }[] }>()
      .contrats.map((contrat) => contrat.reference)
      .sort();
  };

  it("answers the client's active contracts covering the stay (end_date = departure day)", async () => {
    expect(await references('2025-02-10', '2025-02-12')).toEqual(['KA-SIAO', 'KC-SIAO-HIVER']);
    expect(await references('2025-02-25', '2025-03-01')).toEqual(['KA-SIAO', 'KC-SIAO-HIVER']);
    expect(await references('2025-02-25', '2025-03-02')).toEqual(['KA-SIAO']);
    expect(await references('2025-12-31', '2026-01-02')).toEqual([]);
  });

  it('answers snake_case summaries', async () => {
    const response = await available({
      client_id: w.k1.id,
      start_date: '2025-05-01',
      end_date: '2025-05-02',
    });
    expect(response.json()).toEqual({
      contrats: [
        {
          id: w.ka.id,
          reference: 'KA-SIAO',
          client_id: w.k1.id,
          client_nom: 'SIAO 69',
          date_debut: '2025-01-01',
          date_fin: '2026-01-01',
          statut: 'actif',
          mode_tarification: 'par_chambre',
          taux_tva_nuitee: '10.00',
          taux_tva_repas: '10.00',
          montant_paf_jour: '0.00',
          montant_caf_jour: '0.00',
          delai_alerte_jours: 2,
        },
      ],
    });
  });

  it('answers 404 to an unknown client, 400 to bad dates, 401 without a token', async () => {
    const unknown = await available({ client_id: 987_654, start_date: '2025-05-01', end_date: '2025-05-02' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Client introuvable.' });
    const backwards = await available({
      client_id: w.k1.id,
      start_date: '2025-05-02',
      end_date: '2025-05-01',
    });
    expect(backwards.statusCode).toBe(400);
    const missing = await available({ start_date: '2025-05-01', end_date: '2025-05-02' });
    expect(missing.json()).toEqual({ message: 'Le champ client_id est obligatoire.', champ: 'client_id' });
    const anonymous = await available(
      { client_id: w.k1.id, start_date: '2025-05-01', end_date: '2025-05-02' },
      '',
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /contrat_client/filter and /contrat_etablissement/filter', () => {
  const filter = async (path: string, query: string) => {
    const response = await api('GET', `${path}?${query}`, agent);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ contrats: { reference: string }[] }>()
      .contrats.map((contrat) => contrat.reference);
  };

  it('filters client contracts by client, status and reference', async () => {
    expect(await filter(PATHS.contratClientFilter, `client_id=${w.k1.id}`)).toEqual([
      'KA-SIAO',
      'KB-SIAO-BROUILLON',
      'KC-SIAO-HIVER',
    ]);
    expect(await filter(PATHS.contratClientFilter, `client_id=${w.k1.id}&statut=actif`)).toEqual([
      'KA-SIAO',
      'KC-SIAO-HIVER',
    ]);
    expect(await filter(PATHS.contratClientFilter, 'search=samu')).toEqual(['K2A-SAMU']);
    expect(await filter(PATHS.contratClientFilter, 'search=')).toHaveLength(4);
  });

  it('filters hotel contracts by hotel, status and reference', async () => {
    expect(await filter(PATHS.contratEtablissementFilter, `etablissement_id=${w.bravo.id}`)).toEqual([
      'CB-BRAVO',
      'CC-BRAVO-BROUILLON',
    ]);
    expect(await filter(PATHS.contratEtablissementFilter, 'statut=brouillon')).toEqual([
      'CC-BRAVO-BROUILLON',
    ]);
    expect(await filter(PATHS.contratEtablissementFilter, 'search=alph')).toEqual(['CA-ALPHA']);
    const response = await api('GET', `${PATHS.contratEtablissementFilter}?search=alph`, agent);
    expect(response.json<{ contrats: unknown[] }>().contrats[0]).toMatchObject({
      etablissement_id: w.alpha.id,
      etablissement_nom: 'Hôtel Alpha',
      statut: 'actif',
    });
  });

  it('rejects unknown parameters and statuses', async () => {
    const unknown = await api('GET', `${PATHS.contratClientFilter}?clientId=1`, agent);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Le paramètre « clientId » n'est pas autorisé." });
    const status = await api('GET', `${PATHS.contratEtablissementFilter}?statut=ouvert`, agent);
    expect(status.json()).toEqual({ message: 'Le paramètre statut est invalide.' });
  });
});

describe('GET /contrat_client/pensionnaires/search/:clientId/:contratId', () => {
  const r = {} as Record<'aminata' | 'moussa' | 'awa' | 'zoe' | 'paul' | 'autre', { id: number }>;

  beforeAll(async () => {
    r.aminata = await insertResident(app, w.k1.id, {
      nom: 'Diallo',
      prenom: 'Aminata',
      numeroDossier: 'D-100',
    });
    r.moussa = await insertResident(app, w.k1.id, {
      nom: 'Diallo',
      prenom: 'Moussa',
      numeroDossier: 'D-101',
    });
    r.awa = await insertResident(app, w.k1.id, {
      nom: 'Diallo',
      prenom: 'Awa',
      numeroDossier: 'D-102',
      archived: true,
    });
    r.zoe = await insertResident(app, w.k1.id, { nom: 'Martin', prenom: 'Zoé', numeroDossier: 'M-1' });
    r.paul = await insertResident(app, w.k1.id, { nom: 'Bernard', prenom: 'Paul', numeroDossier: 'B-1' });
    r.autre = await insertResident(app, w.k2.id, { nom: 'Diallo', prenom: 'Fatou', numeroDossier: 'D-100' });
    const stay = {
      clientId: w.k1.id,
      contratClientId: w.ka.id,
      etablissementId: w.alpha.id,
      contratEtablissementId: w.ca.id,
      typeChambreId: w.double.id,
    };
    // Moussa is housed from two days ago to the day after tomorrow; Zoé's current nights are cancelled;
    // Paul arrives in 10 days.
    await insertStay(app, {
      ...stay,
      pensionnaireId: r.moussa.id,
      dateDebut: addDays(today, -2),
      dateFin: addDays(today, 2),
    });
    await insertStay(app, {
      ...stay,
      pensionnaireId: r.zoe.id,
      dateDebut: today,
      dateFin: addDays(today, 3),
      annulee: true,
    });
    await insertStay(app, {
      ...stay,
      pensionnaireId: r.paul.id,
      dateDebut: addDays(today, 10),
      dateFin: addDays(today, 12),
    });
  });

  const search = (
    query: string,
    clientId = w.k1.id,
    contratId = w.ka.id,
    token: string | undefined = agent,
  ) => api('GET', `${PATHS.contratClientPensionnairesSearch}/${clientId}/${contratId}${query}`, token);
  const found = async (query: string) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ pensionnaires: { prenom: string; deja_heberge: boolean }[] }>()
      .pensionnaires.map((p) => `${p.prenom}${p.deja_heberge ? ' (hébergé)' : ''}`);
  };

  it("finds the client's active residents by name or file number, case-insensitively", async () => {
    expect(await found(`?search=DIA&end_date=${addDays(today, 5)}`)).toEqual(['Aminata', 'Moussa (hébergé)']);
    expect(await found('?search=d-10')).toEqual(['Aminata', 'Moussa (hébergé)']);
    expect(await found('?search=diallo%20mous')).toEqual(['Moussa (hébergé)']);
    expect(await found('?search=zo')).toEqual(['Zoé']);
  });

  it('flags residents with a night between today and end_date', async () => {
    expect(await found(`?search=bernard&end_date=${addDays(today, 5)}`)).toEqual(['Paul']);
    expect(await found(`?search=bernard&end_date=${addDays(today, 11)}`)).toEqual(['Paul (hébergé)']);
    expect(await found('?search=bernard')).toEqual(['Paul (hébergé)']);
    const response = await search('?search=moussa');
    expect(response.json()).toEqual({
      pensionnaires: [
        {
          id: r.moussa.id,
          nom: 'Diallo',
          prenom: 'Moussa',
          numero_dossier: 'D-101',
          date_naissance: null,
          sexe: 'F',
          foyer_id: null,
          deja_heberge: true,
        },
      ],
    });
  });

  it('flags only the residents with a night in the stay being booked, [start_date, end_date)', async () => {
    const between = (from: number, to: number, search: string) =>
      found(`?search=${search}&start_date=${addDays(today, from)}&end_date=${addDays(today, to)}`);
    // Moussa sleeps there from two days ago to the day after tomorrow (his departure day is free).
    expect(await between(2, 5, 'moussa')).toEqual(['Moussa']);
    expect(await between(-6, -2, 'moussa')).toEqual(['Moussa']);
    expect(await between(1, 3, 'moussa')).toEqual(['Moussa (hébergé)']);
    // Nights already past conflict too: the rule is one bed per night, whatever today is.
    expect(await between(-4, -1, 'moussa')).toEqual(['Moussa (hébergé)']);
    // Paul arrives in 10 days for two nights: a stay ending on his arrival day, or starting on his departure, is free.
    expect(await between(0, 10, 'bernard')).toEqual(['Paul']);
    expect(await between(12, 20, 'bernard')).toEqual(['Paul']);
    expect(await between(11, 20, 'bernard')).toEqual(['Paul (hébergé)']);
    // Zoé's nights on those dates are cancelled.
    expect(await between(0, 3, 'zo')).toEqual(['Zoé']);
    // Without end_date: every night from start_date on.
    expect(await found(`?search=bernard&start_date=${addDays(today, 11)}`)).toEqual(['Paul (hébergé)']);
    expect(await found(`?search=bernard&start_date=${addDays(today, 12)}`)).toEqual(['Paul']);
  });

  it('answers 400 to a stay ending before it starts', async () => {
    const response = await search(`?start_date=${addDays(today, 3)}&end_date=${addDays(today, 3)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PENSIONNAIRES_SEARCH_ERROR });
  });

  it(`answers at most ${MAX_PENSIONNAIRES_SEARCH}`, async () => {
    await app.db.insert(pensionnaires).values(
      Array.from({ length: MAX_PENSIONNAIRES_SEARCH + 5 }, (_, index) => ({
        clientId: w.k1.id,
        nom: 'Nombreux',
        prenom: `P${index}`,
        sexe: 'X' as const,
        numeroDossier: `N-${index}`,
      })),
    );
    expect(await found('?search=nombreux')).toHaveLength(MAX_PENSIONNAIRES_SEARCH);
  });

  it("answers the spec's message on any failure, with the status of its kind", async () => {
    const failure = { message: PENSIONNAIRES_SEARCH_ERROR };
    const CASES: [string, Promise<{ statusCode: number; json: () => unknown }>, number][] = [
      ['a contract of another client', search('', w.k1.id, w.k2a.id), 400],
      ['an unknown contract', search('', w.k1.id, 987_654), 404],
      ['an unknown client', search('', 987_654, w.ka.id), 404],
      ['an invalid end_date', search('?end_date=demain'), 400],
      ['an unknown parameter', search('?nom=diallo'), 400],
      ['a malformed id', api('GET', `${PATHS.contratClientPensionnairesSearch}/abc/1`, agent), 400],
    ];
    for (const [name, pending, status] of CASES) {
      const response = await pending;
      expect(response.statusCode, name).toBe(status);
      expect(response.json(), name).toEqual(failure);
    }
    const anonymous = await search('', w.k1.id, w.ka.id, '');
    expect(anonymous.statusCode).toBe(401);
  });
});
