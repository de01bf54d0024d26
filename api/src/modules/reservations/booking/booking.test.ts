import { eq, sql } from 'drizzle-orm';
import type { HistoriquesAnswer, ReservationAddBody } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { contratEtablissementTarifs, contratsClients, pensionnaires } from '../../../db/schema';
import {
  addBody,
  auditActions,
  book,
  buildWorld,
  call,
  day,
  invariantViolations,
  nightsOf,
  occupied,
  residents,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { insertRoomType } from '../../../../test/fixtures/contrats';
import { SYSTEM_ACTOR } from '../../../db/audit';
import { rowsOf } from '../../../db/raw';
import { frenchDate } from '../../../lib/days';
import { bookReservation } from './booking-service';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

describe('POST /reservations/add', () => {
  it('books two residents sharing a Double: parent, stays, priced nights, rooms, audit (an agent may book)', async () => {
    const ids = await residents(w, 2);
    const response = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, ids, { petit_dejeuner: true, status_paf: true, chambre: '12' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{
      id_reservation_mere: number;
      reservation_ids: number[];
      message: string;
    }>();
    expect(answer.reservation_ids).toHaveLength(2);
    expect(answer.message).toContain(frenchDate(day(10)));
    const [first = 0, second = 0] = answer.reservation_ids;
    expect(await stayOf(w, first)).toMatchObject({
      statut: 'en_attente',
      date_debut: day(10),
      date_fin: day(13),
    });
    const nights = await nightsOf(w, first);
    expect(nights.map((n) => n.date_nuit)).toEqual([day(10), day(11), day(12)]);
    // par_chambre purchase 60.00 split in two, par_personne sale 75.00 each; meals and PAF from the options.
    expect(nights[0]).toMatchObject({
      prix_achat_ht: '30.00',
      prix_vente_ht: '75.00',
      petit_dejeuner: 1,
      diner: 0,
      montant_paf: '3.50',
      montant_caf: '0.00',
    });
    expect((await nightsOf(w, second))[2]?.prix_achat_ht).toBe('30.00');
    expect(await occupied(w, w.ce.doubleH1, day(10))).toBe(1);
    expect(await auditActions(w, 'reservation_mere', answer.id_reservation_mere)).toEqual(['creation']);
    expect(await auditActions(w, 'reservation', first)).toEqual(['creation']);
    expect(await invariantViolations(w)).toEqual([]);

    // The history shows the creation by its business fields, named as the API names them.
    const history = await call(w, 'GET', `/reservations/historiques/${first}`);
    const [stayCreation, parentCreation] = history.json<HistoriquesAnswer>().historiques;
    expect(stayCreation?.changements).toEqual([
      { champ: 'statut', avant: null, apres: 'en_attente' },
      { champ: 'type_resa', avant: null, apres: 'initiale' },
      { champ: 'date_debut', avant: null, apres: day(10) },
      { champ: 'date_fin', avant: null, apres: day(13) },
      { champ: 'chambre', avant: null, apres: '12' },
      { champ: 'petit_dejeuner', avant: null, apres: true },
      { champ: 'dejeuner', avant: null, apres: false },
      { champ: 'diner', avant: null, apres: false },
      { champ: 'status_paf', avant: null, apres: true },
      { champ: 'status_caf', avant: null, apres: false },
    ]);
    expect(parentCreation?.changements.map((change) => change.champ)).toEqual([
      'date_debut',
      'date_fin',
      'reservation_ids',
    ]);
  });

  it('splits a room price with the remainder cent on the lowest id; a third resident takes a second room', async () => {
    await w.app.db
      .update(contratEtablissementTarifs)
      .set({ prixNuiteeHt: '60.01' })
      .where(eq(contratEtablissementTarifs.id, w.ce.doubleH1));
    const ids = await residents(w, 3);
    const { reservation_ids } = await book(w, ids, {
      start_date: day(20),
      end_date: day(21),
      confirmer: true,
    });
    const prices = [];
    for (const id of reservation_ids) prices.push((await nightsOf(w, id))[0]?.prix_achat_ht);
    expect(prices).toEqual(['30.01', '30.00', '60.01']);
    expect(await occupied(w, w.ce.doubleH1, day(20))).toBe(2);
    expect((await stayOf(w, reservation_ids[0] ?? 0))?.statut).toBe('confirmee');
    // The line is put back below, which the API would refuse for a used line: these stays go first.
    const cancelled = await call(w, 'PUT', `/reservations/annulation/${reservation_ids[0]}`, {
      applyToAllPr: true,
      motif: 'Départ du foyer',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await w.app.db
      .update(contratEtablissementTarifs)
      .set({ prixNuiteeHt: '60.00' })
      .where(eq(contratEtablissementTarifs.id, w.ce.doubleH1));
  });

  it("prices each night at its own lines, the hotel's sale line winning over the every-hotel line", async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], { start_date: day(29), end_date: day(31) });
    const nights = await nightsOf(w, reservation_ids[0] ?? 0);
    expect(nights.map((n) => [n.prix_achat_ht, n.prix_vente_ht])).toEqual([
      ['60.00', '75.00'],
      ['70.00', '80.00'],
    ]);
  });

  it('keeps the snapshots when the contract changes afterwards', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], {
      start_date: day(40),
      end_date: day(42),
      status_caf: true,
    });
    const before = await nightsOf(w, reservation_ids[0] ?? 0);
    await w.app.db
      .update(contratsClients)
      .set({ montantCafJour: '9.00' })
      .where(eq(contratsClients.id, w.cc.id));
    await w.app.db
      .update(contratEtablissementTarifs)
      .set({ prixNuiteeHt: '99.00' })
      .where(eq(contratEtablissementTarifs.id, w.ce.doubleH2));
    expect(await nightsOf(w, reservation_ids[0] ?? 0)).toEqual(before);
    expect(before[0]?.montant_caf).toBe('2.00');
    await w.app.db
      .update(contratsClients)
      .set({ montantCafJour: '2.00' })
      .where(eq(contratsClients.id, w.cc.id));
    await w.app.db
      .update(contratEtablissementTarifs)
      .set({ prixNuiteeHt: '70.00' })
      .where(eq(contratEtablissementTarifs.id, w.ce.doubleH2));
  });

  it('accepts a late entry up to 7 days back, refuses earlier (400)', async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    await book(w, [a], { start_date: day(-7), end_date: day(2) });
    const late = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, [b], { start_date: day(-8), end_date: day(2) }),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain(frenchDate(day(-7)));
  });

  it('answers 401 without a token', async () => {
    const [id = 0] = await residents(w, 1);
    expect((await call(w, 'POST', '/reservations/add', addBody(w, [id]), null)).statusCode).toBe(401);
  });

  it('answers 400 in French for bad input', async () => {
    const [id = 0] = await residents(w, 1);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ end_date: day(10) }, /postérieure/],
      [{ start_date: day(10), end_date: day(400) }, /365 nuits/],
      [{ inconnu: 1 }, /inconnu.*n'est pas autorisé/],
      [{ start_date: '2025-13-45' }, /start_date/],
      [{ pensionnaire_ids: [] }, /pensionnaire_ids/],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(w, 'POST', '/reservations/add', addBody(w, [id], overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const foreign = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, [id], { client_id: w.otherClient.id }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("Ce contrat client n'appartient pas à ce client.");
  });

  it('answers 404 for an unknown client, contract or resident', async () => {
    const [id = 0] = await residents(w, 1);
    for (const overrides of [
      { client_id: 999_999 },
      { contrat_etablissement_id: 999_999 },
      { pensionnaire_ids: [id, 999_999] },
      { demande_id: 999_999 },
    ]) {
      const response = await call(w, 'POST', '/reservations/add', addBody(w, [id], overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(404);
    }
  });

  it('answers 409 for a night without a tariff line, naming the night and the room type', async () => {
    const [id = 0] = await residents(w, 1);
    // Inactive contract, then a night outside the contract's lines (the purchase contract ends at day(400)).
    await w.app.db.execute(sql`update contrats_clients set statut = 'suspendu' where id = ${w.cc.id}`);
    const suspended = await call(w, 'POST', '/reservations/add', addBody(w, [id]));
    await w.app.db.execute(sql`update contrats_clients set statut = 'actif' where id = ${w.cc.id}`);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().message).toMatch(/n'est pas actif/);
    const triple = await insertRoomType(w.app, { libelle: `Triple ${Date.now()}`, capacite: 3 });
    await w.app.db.insert(contratEtablissementTarifs).values({
      contratId: w.ce.id,
      typeChambreId: triple.id,
      dateDebut: day(-60),
      dateFin: day(400),
      prixNuiteeHt: '90.00',
    });
    const noLine = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, [id], { type_chambre_id: triple.id }),
    );
    expect(noLine.statusCode).toBe(409);
    expect(noLine.json().message).toBe(
      `Aucun tarif de vente pour le type de chambre ${triple.libelle} la nuit du ${frenchDate(day(10))}.`,
    );
  });

  it('answers 409 when a resident already has a night, naming the resident and the date', async () => {
    const [id = 0] = await residents(w, 1);
    await book(w, [id], { start_date: day(50), end_date: day(53) });
    const again = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, [id], { start_date: day(52), end_date: day(55) }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Le pensionnaire Prénom0 Nom0 a déjà une nuitée réservée le ${frenchDate(day(52))}.`,
    );
  });

  it('answers 409 for an archived resident and when the allotment is full', async () => {
    const [archived = 0, a = 0, b = 0] = await residents(w, 3);
    await w.app.db
      .update(pensionnaires)
      .set({ archivedAt: new Date() })
      .where(eq(pensionnaires.id, archived));
    expect((await call(w, 'POST', '/reservations/add', addBody(w, [archived]))).statusCode).toBe(409);
    await book(w, [a], { type_chambre_id: w.simple.id, start_date: day(60), end_date: day(62) });
    const full = await call(
      w,
      'POST',
      '/reservations/add',
      addBody(w, [b], { type_chambre_id: w.simple.id, start_date: day(61), end_date: day(63) }),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(
      new RegExp(`Plus de chambre disponible pour le type .* le ${frenchDate(day(61))}`),
    );
    expect(await invariantViolations(w)).toEqual([]);
  });
});

describe('POST /reservations/edit/:id_reservation_mere/:pensionnaire_id', () => {
  it("adds a resident to the parent's period, sharing the room count", async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const { id_reservation_mere } = await book(w, [a], { start_date: day(70), end_date: day(73) });
    expect(await occupied(w, w.ce.doubleH2, day(70))).toBe(1);
    const response = await call(w, 'POST', `/reservations/edit/${id_reservation_mere}/${b}`, {});
    expect(response.statusCode, response.body).toBe(201);
    const { reservation_id } = response.json<{ reservation_id: number }>();
    expect(await stayOf(w, reservation_id)).toMatchObject({ date_debut: day(70), date_fin: day(73) });
    // Two residents in one Double: still one room.
    expect(await occupied(w, w.ce.doubleH2, day(70))).toBe(1);
    // The newcomer shares the Double: both pay half the room from then on (room-shares.ts).
    expect(await auditActions(w, 'reservation', reservation_id)).toEqual(['creation', 'repartition_chambre']);
    const again = await call(w, 'POST', `/reservations/edit/${id_reservation_mere}/${b}`, {});
    expect(again.statusCode).toBe(409);
    expect((await call(w, 'POST', `/reservations/edit/999999/${b}`, {})).statusCode).toBe(404);
    const [foreign = 0] = await residents(w, 1, w.otherClient.id);
    expect(
      (await call(w, 'POST', `/reservations/edit/${id_reservation_mere}/${foreign}`, {})).statusCode,
    ).toBe(400);
    const rows = await rowsOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from reservations where id_reservation_mere = ${id_reservation_mere}`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('refuses (409) a resident in a full reservation whose stays are all cancelled, and says so on its card', async () => {
    const [a = 0, b = 0, c = 0] = await residents(w, 3);
    const { id_reservation_mere: parent, reservation_ids } = await book(w, [a, b], {
      start_date: day(80),
      end_date: day(84),
    });
    const card = async () =>
      (await call(w, 'GET', `/reservations_integrales/${parent}`)).json<{
        data: { actions: { ajouter: boolean } };
      }>().data.actions.ajouter;
    expect(await card()).toBe(true);
    const cancel = (id: number) =>
      call(w, 'PUT', `/reservations/annulation/${id}`, { motif: 'Relogés par le client' });
    expect((await cancel(reservation_ids[0] ?? 0)).statusCode).toBe(200);
    // One stay still live: a newcomer is welcome.
    expect(await card()).toBe(true);
    expect((await cancel(reservation_ids[1] ?? 0)).statusCode).toBe(200);
    expect(await card()).toBe(false);
    const refused = await call(w, 'POST', `/reservations/edit/${parent}/${c}`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `La réservation intégrale n° ${parent} est annulée (toutes ses réservations le sont) : ajout d'un pensionnaire impossible. Créez une nouvelle réservation.`,
    );
    const rows = await rowsOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from reservations where id_reservation_mere = ${parent}`,
    );
    expect(rows[0]?.n).toBe(2);
  });
});

describe('bookReservation called by another module', () => {
  it("joins the caller's transaction as a savepoint: a refusal leaves it usable, its rollback undoes the booking", async () => {
    const [first = 0, taken = 0] = await residents(w, 2);
    const period = { start_date: day(80), end_date: day(82) };
    await book(w, [taken], period);
    const body = (ids: number[]) => addBody(w, ids, period) as ReservationAddBody;
    const callerRollsBack = new Error('the caller rolls back');
    let booked: number[] = [];
    await expect(
      w.app.db.transaction(async (tx) => {
        await expect(bookReservation(tx, SYSTEM_ACTOR, body([taken]))).rejects.toMatchObject({
          statusCode: 409,
        });
        // The refusal rolled back its savepoint only: the caller's transaction goes on.
        booked = (await bookReservation(tx, SYSTEM_ACTOR, body([first]))).reservation_ids;
        const seen = await rowsOf<{ n: number }>(
          tx,
          sql`select count(*)::int as n from reservations where id = ${booked[0] ?? 0}`,
        );
        expect(seen[0]?.n).toBe(1);
        throw callerRollsBack;
      }),
    ).rejects.toBe(callerRollsBack);
    expect(booked).toHaveLength(1);
    expect(await stayOf(w, booked[0] ?? 0)).toBeUndefined();
    expect(await invariantViolations(w)).toEqual([]);
  });
});
