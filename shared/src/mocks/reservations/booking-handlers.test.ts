import { beforeEach, describe, expect, it } from 'vitest';
import { PENSIONNAIRES_SEARCH_ERROR, type PensionnaireTrouve } from '../../contract';
import { mockToken } from '../common/users';
import { resetMocks } from '../index';
import { BOOKING_STAY, PERIODE_HEBERGES } from './booking-fixtures';
import { mockDay } from './list-fixtures';

const TOKEN = mockToken();

/** The fields the tests read, whatever the call. */
interface Answer {
  message: string;
  contrats: { reference: string }[];
  contrats_etablissements: { etablissement: { nom: string }; contrat: { id: number } }[];
  type_chambres_data: unknown[];
  pensionnaires: unknown[];
  id_reservation_mere: number;
  reservation_ids: number[];
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown, token: string | null = TOKEN) {
  const response = await fetch(`${window.location.origin}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** 4 nights, 40 days from now, across the Hôtel du Parc's price change (booking-fixtures.ts). */
const STAY = { start_date: BOOKING_STAY.start_date, end_date: BOOKING_STAY.end_date };
const ADD = {
  client_id: 1,
  contrat_client_id: 5,
  etablissement_id: 1,
  contrat_etablissement_id: 6,
  type_chambre_id: 1,
  pensionnaire_ids: [1],
  ...STAY,
};

describe('booking mocks: client contracts', () => {
  it('answers the active contracts covering the stay, none for a client without one', async () => {
    const cd94 = await call('POST', '/contrat_client/available', { client_id: 1, ...STAY });
    expect(cd94.status).toBe(200);
    expect(cd94.body.contrats).toMatchObject([
      { id: 5, reference: 'CC-2026-CD94', montant_paf_jour: '3.00' },
    ]);
    const toit = await call('POST', '/contrat_client/available', { client_id: 7, ...STAY });
    expect(toit.body.contrats).toEqual([]);
    // CC-2025-CD94 (reference data) covers 2025 only.
    const old = await call('POST', '/contrat_client/available', {
      client_id: 1,
      start_date: '2025-05-01',
      end_date: '2025-05-03',
    });
    expect(old.body.contrats).toMatchObject([{ reference: 'CC-2025-CD94' }]);
  });

  it('refuses bad bodies in French (400), unknown clients (404) and a missing token (401)', async () => {
    const extra = await call('POST', '/contrat_client/available', { client_id: 1, ...STAY, x: 1 });
    expect(extra).toMatchObject({ status: 400, body: { message: "Le champ « x » n'est pas autorisé." } });
    const reversed = await call('POST', '/contrat_client/available', {
      client_id: 1,
      start_date: STAY.end_date,
      end_date: STAY.start_date,
    });
    expect(reversed.status).toBe(400);
    expect((await call('POST', '/contrat_client/available', { client_id: 99, ...STAY })).status).toBe(404);
    expect((await call('POST', '/contrat_client/available', { client_id: 1, ...STAY }, null)).status).toBe(
      401,
    );
  });

  it('filters contracts for selects by owner, status and reference', async () => {
    const clients = await call('GET', '/contrat_client/filter?client_id=1');
    expect(clients.body.contrats.map((c) => c.reference)).toEqual(['CC-2025-CD94', 'CC-2026-CD94']);
    const hotels = await call('GET', '/contrat_etablissement/filter?statut=actif&search=parc');
    expect(hotels.body.contrats.map((c) => c.reference)).toEqual(['CE-2025-PARC', 'CE-2026-PARC']);
    expect((await call('GET', '/contrat_etablissement/filter?statut=ouvert')).status).toBe(400);
  });
});

describe('booking mocks: hotels and room types', () => {
  it('lists hotels whose active contract prices every night with enough free rooms, by city', async () => {
    const all = await call('POST', '/contrat_etablissement/available', STAY);
    const names = all.body.contrats_etablissements.map((item) => item.etablissement.nom);
    expect(names).toEqual(["Hôtel de la Gare de l'Est", 'Hôtel du Parc', 'Hôtel Saint-Charles']);
    const lyon = await call('POST', '/contrat_etablissement/available', { ...STAY, ville: 'lyo' });
    expect(lyon.body.contrats_etablissements).toMatchObject([
      {
        contrat: { id: 6, reference: 'CE-2026-PARC', mode_tarification: 'par_chambre' },
        // Familiale is no longer priced by then.
        type_chambres: [
          { id: 1, libelle: 'Simple', capacite: 1, chambres_libres: 7 },
          { id: 2, libelle: 'Double', capacite: 2, chambres_libres: null },
        ],
      },
    ]);
    const two = await call('POST', '/contrat_etablissement/available', { ...STAY, nombre_chambres: 2 });
    expect(two.body.contrats_etablissements.map((item) => item.contrat.id)).toEqual([6, 5]);
  });

  it('cuts the tariff lines to the period, one entry per price', async () => {
    const { status, body } = await call(
      'GET',
      `/contrat_etablissement/type_chambres/6/1?start_date=${STAY.start_date}&end_date=${STAY.end_date}`,
    );
    expect(status).toBe(200);
    const [simple, , familiale] = body.type_chambres_data;
    expect(simple).toMatchObject({
      libelle: 'Simple',
      couvre_periode: true,
      tarifs: [
        {
          date_debut: STAY.start_date,
          date_fin: BOOKING_STAY.price_change,
          nombre_nuits: 3,
          prix_nuitee_ht: '49.00',
        },
        {
          date_debut: BOOKING_STAY.price_change,
          date_fin: STAY.end_date,
          nombre_nuits: 1,
          prix_nuitee_ht: '51.50',
        },
      ],
    });
    expect(familiale).toMatchObject({ libelle: 'Familiale', couvre_periode: false, tarifs: [] });
    const other = await call('GET', '/contrat_etablissement/type_chambres/6/2');
    expect(other).toMatchObject({
      status: 404,
      body: { message: "Ce contrat n'appartient pas à cet établissement." },
    });
  });
});

describe('booking mocks: residents', () => {
  it('searches every word, flags residents already lodged', async () => {
    const { body } = await call('GET', `/contrat_client/pensionnaires/search/1/5?end_date=${STAY.end_date}`);
    expect(body.pensionnaires).toMatchObject([
      { id: 2, nom: 'Benali', deja_heberge: true },
      { id: 1, nom: 'Dupont', numero_dossier: 'VDM-2024-0153', deja_heberge: false },
    ]);
    const search = await call('GET', '/contrat_client/pensionnaires/search/1/5?search=marie%20dup');
    expect(search.body.pensionnaires).toMatchObject([{ id: 1 }]);
    // Case and accents aside, as the API.
    for (const text of ['MARÎE DÙPONT', 'vdm-2024-0153', 'dupônt'])
      expect(
        (await call('GET', `/contrat_client/pensionnaires/search/1/5?search=${encodeURIComponent(text)}`))
          .body.pensionnaires,
        text,
      ).toMatchObject([{ id: 1 }]);
  });

  it('flags only residents with a night of the stay being booked, [start_date, end_date)', async () => {
    const flagged = async (start: string, end: string) => {
      const path = `/contrat_client/pensionnaires/search/1/5?search=benali&start_date=${start}&end_date=${end}`;
      const { body } = await call('GET', path);
      return (body.pensionnaires as PensionnaireTrouve[]).map((p) => p.deja_heberge);
    };
    expect(await flagged(STAY.start_date, STAY.end_date)).toEqual([true]);
    expect(await flagged(PERIODE_HEBERGES.end_date, mockDay(70))).toEqual([false]);
    expect(await flagged(mockDay(-9), PERIODE_HEBERGES.start_date)).toEqual([false]);
    const backwards = await call(
      'GET',
      `/contrat_client/pensionnaires/search/1/5?start_date=${STAY.end_date}&end_date=${STAY.start_date}`,
    );
    expect(backwards).toMatchObject({ status: 400, body: { message: PENSIONNAIRES_SEARCH_ERROR } });
  });

  it('answers the spec message on any failure', async () => {
    const otherClient = await call('GET', '/contrat_client/pensionnaires/search/2/5');
    expect(otherClient).toMatchObject({ status: 400, body: { message: PENSIONNAIRES_SEARCH_ERROR } });
    const unknown = await call('GET', '/contrat_client/pensionnaires/search/1/99');
    expect(unknown).toMatchObject({ status: 404, body: { message: PENSIONNAIRES_SEARCH_ERROR } });
  });
});

describe('booking mocks: POST /reservations/add', () => {
  beforeEach(() => resetMocks());

  it('books and returns the new ids and a French message', async () => {
    const { status, body } = await call('POST', '/reservations/add', { ...ADD, confirmer: true });
    expect(status).toBe(201);
    expect(body.id_reservation_mere).toEqual(expect.any(Number));
    expect(body.reservation_ids).toHaveLength(1);
    expect(body.message).toBe(
      `La réservation intégrale n° ${body.id_reservation_mere} a été créée (1 séjour).`,
    );
  });

  it('answers 409 for a resident already lodged or too few free rooms, 400 for a bad body', async () => {
    const lodged = await call('POST', '/reservations/add', { ...ADD, pensionnaire_ids: [1, 2] });
    expect(lodged).toMatchObject({
      status: 409,
      body: { message: 'Karim Benali est déjà hébergé(e) sur cette période.' },
    });
    // The Gare de l'Est has one single room left.
    const gare = {
      ...ADD,
      client_id: 2,
      contrat_client_id: 6,
      etablissement_id: 3,
      contrat_etablissement_id: 7,
    };
    const full = await call('POST', '/reservations/add', { ...gare, pensionnaire_ids: [3, 10] });
    expect(full).toMatchObject({
      status: 409,
      body: { message: 'Plus assez de chambres « Simple » libres : 2 demandée(s), 1 disponible(s).' },
    });
    expect((await call('POST', '/reservations/add', { ...gare, pensionnaire_ids: [3] })).status).toBe(201);
    // Booked now: the same resident on overlapping nights is refused.
    const again = await call('POST', '/reservations/add', { ...gare, pensionnaire_ids: [3] });
    expect(again.status).toBe(409);
    const marseille = {
      ...ADD,
      client_id: 4,
      contrat_client_id: 4,
      etablissement_id: 5,
      contrat_etablissement_id: 5,
      type_chambre_id: 4,
      pensionnaire_ids: [6, 7],
    };
    expect((await call('POST', '/reservations/add', marseille)).status).toBe(201);
    const foreign = await call('POST', '/reservations/add', { ...ADD, pensionnaire_ids: [3] });
    expect(foreign.status).toBe(400);
    const empty = await call('POST', '/reservations/add', { ...ADD, pensionnaire_ids: [] });
    expect(empty.status).toBe(400);
    const unknownField = await call('POST', '/reservations/add', { ...ADD, remise: 10 });
    expect(unknownField.body.message).toBe("Le champ « remise » n'est pas autorisé.");
  });

  it('keeps the booking: the lists, the full reservation and each stay card show it', async () => {
    const booked = await call('POST', '/reservations/add', {
      ...ADD,
      start_date: mockDay(100),
      end_date: mockDay(103),
      chambre: '12',
      diner: true,
    });
    expect(booked.status, booked.body.message).toBe(201);
    const [id] = booked.body.reservation_ids;
    const listed = await call('POST', '/reservations', {
      page: 1,
      pageSize: 10,
      id_reservation_mere: booked.body.id_reservation_mere,
    });
    expect(listed.body).toMatchObject({
      total: 1,
      reservations: [
        {
          id,
          statut: 'en_attente',
          date_debut: mockDay(100),
          date_fin: mockDay(103),
          nombre_nuits: 3,
          chambre: '12',
        },
      ],
    });
    const parent = await call('GET', `/reservations_integrales/${booked.body.id_reservation_mere}`);
    expect(parent.status).toBe(200);
    const card = await call('GET', `/reservations/${id}`);
    expect(card.status).toBe(200);
    expect(JSON.stringify(card.body)).toContain(`"date_nuit":"${mockDay(102)}"`);
    resetMocks();
    expect((await call('GET', `/reservations/${id}`)).status).toBe(404);
  });
});
