/**
 * Issue 35 §5, « Rétablir »: a cancellation, an early departure or a no-show entered by mistake is undone — status,
 * departure and the nights that action cancelled, not older ones — within its window, after booking's checks
 * again (nights free, allotment, contracts), audited, with the hotel's notice. docs/domain.md « Restoring a stay ».
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/raw';
import type { HistoriquesAnswer, ReservationDetailAnswer, ReservationIntegraleAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import {
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
import { frenchDate } from '../../../lib/days';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const restore = (id: number, body: Record<string, unknown> | undefined = { motif: 'Annulée par erreur' }) =>
  call(w, 'PUT', `/reservations/retablissement/${id}`, body);

async function detail(id: number) {
  const response = await call(w, 'GET', `/reservations/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReservationDetailAnswer>().data;
}

const kept = async (id: number) => (await nightsOf(w, id)).filter((n) => !n.annulee).map((n) => n.date_nuit);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => day(from + i));

async function confirmedStay(from: number, to: number, overrides: Record<string, unknown> = {}) {
  const [resident = 0] = await residents(w, 1);
  const { id_reservation_mere, reservation_ids } = await book(w, [resident], {
    start_date: day(from),
    end_date: day(to),
    confirmer: true,
    ...overrides,
  });
  return { resident, parent: id_reservation_mere, stay: reservation_ids[0] ?? 0 };
}

describe('PUT /reservations/retablissement/:id after a cancellation', () => {
  it('gives the stay back its status and the nights it cancelled, rooms and history included', async () => {
    const { stay } = await confirmedStay(-2, 4);
    const occupiedToday = await occupied(w, w.ce.doubleH1, day(0));
    const cancelled = await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Départ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await occupied(w, w.ce.doubleH1, day(0))).toBe(occupiedToday - 1);

    const card = await detail(stay);
    expect(card.actions.retablir).toBe(true);
    expect(card.retablissement).toMatchObject({
      reservation_id: stay,
      type: 'annulation',
      jusqu_au: day(1),
      statut: 'confirmee',
      date_fin: day(4),
      nuits: 4,
      premiere_nuit: day(0),
      reservation_ids: [stay],
    });

    const response = await restore(stay, { motif: '  Annulée par erreur  ', version: card.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toMatch(
      new RegExp(
        `^Réservation n° ${stay} rétablie : 4 nuits de nouveau réservées\\. Avis de rétablissement à `,
      ),
    );
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(4) });
    expect(await kept(stay)).toEqual(range(-2, 4));
    expect(await occupied(w, w.ce.doubleH1, day(0))).toBe(occupiedToday);
    const [annulee] = await w.app.db
      .execute(sql`select annulee_at from reservations where id = ${stay}`)
      .then((r) => (r as { rows: { annulee_at: Date | null }[] }).rows);
    expect(annulee?.annulee_at).toBeNull();

    // Audited beside the cancellation and its notice, shown in the stay's history with the reason.
    expect(await auditActions(w, 'reservation', stay)).toEqual([
      'creation',
      'annulation',
      'avis_etablissement',
      'retablissement',
      'avis_retablissement',
    ]);
    const history = (await call(w, 'GET', `/reservations/historiques/${stay}`)).json<HistoriquesAnswer>();
    const entry = history.historiques.find((h) => h.action === 'retablissement');
    expect(entry?.libelle).toBe('Rétablissement');
    expect(entry?.changements).toEqual(
      expect.arrayContaining([
        { champ: 'statut', avant: 'annulee', apres: 'confirmee' },
        { champ: 'motif', avant: null, apres: 'Annulée par erreur' },
      ]),
    );
    expect(history.historiques.map((h) => h.libelle)).toContain("Avis de rétablissement à l'établissement");

    // Undone once: nothing left to restore, and the card offers it no more.
    expect((await detail(stay)).actions.retablir).toBe(false);
    const again = await restore(stay);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      `La réservation n° ${stay} n'a ni annulation, ni départ anticipé, ni no-show à rétablir.`,
    );
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('restores the nights of that cancellation only: an earlier early departure is undone next, not with it', async () => {
    const { stay } = await confirmedStay(-1, 8);
    expect((await call(w, 'PUT', `/reservations/${stay}/${day(5)}`)).statusCode).toBe(200);
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    expect(await kept(stay)).toEqual([day(-1)]);

    expect((await restore(stay)).statusCode).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(5) });
    expect(await kept(stay)).toEqual(range(-1, 5));

    expect((await detail(stay)).retablissement).toMatchObject({ type: 'depart_anticipe', date_fin: day(8) });
    expect((await restore(stay)).statusCode).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(8) });
    expect(await kept(stay)).toEqual(range(-1, 8));
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('keeps nights cancelled by an earlier cancellation of its extension; a cancelled extension waits for its stay', async () => {
    const { stay } = await confirmedStay(5, 8);
    const extended = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(10) });
    expect(extended.statusCode, extended.body).toBe(200);
    const [extension = 0] = extended.json<{ reservation_ids: number[] }>().reservation_ids;
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    expect((await stayOf(w, extension))?.statut).toBe('annulee');

    expect((await detail(extension)).actions.retablir).toBe(false);
    const refused = await restore(extension);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `La réservation n° ${extension} a été annulée avec la réservation n° ${stay} qu'elle prolonge : rétablissez la réservation n° ${stay}.`,
    );
    expect((await detail(stay)).retablissement).toMatchObject({
      nuits: 5,
      reservation_ids: [stay, extension],
    });

    const response = await restore(stay);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toMatch(/avec 1 prolongation\(s\) : 5 nuits/);
    expect(await stayOf(w, extension)).toMatchObject({ statut: 'confirmee', date_fin: day(10) });
    expect(await kept(extension)).toEqual(range(8, 10));
    const [row] = await rowsOf<{ prolongee_par_id: number | null }>(
      w.app.db,
      sql`select prolongee_par_id from reservations where id = ${stay}`,
    );
    expect(row?.prolongee_par_id).toBe(extension);
    expect(await invariantViolations(w)).toEqual([]);
  });

  it("brings the full reservation's period back (migration 0029's triggers) and lists the stay on its card", async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const { id_reservation_mere: parent, reservation_ids } = await book(w, [a, b], {
      start_date: day(20),
      end_date: day(24),
      confirmer: true,
    });
    const [long = 0, short = 0] = reservation_ids;
    expect((await call(w, 'PUT', `/reservations/${short}/${day(21)}`)).statusCode).toBe(200);
    expect((await call(w, 'PUT', `/reservations/annulation/${long}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    const integrale = async () =>
      (await call(w, 'GET', `/reservations_integrales/${parent}`)).json<ReservationIntegraleAnswer>().data;
    const before = await integrale();
    expect([before.date_debut, before.date_fin]).toEqual([day(20), day(21)]);
    expect(before.retablissements.map((r) => [r.reservation_id, r.type])).toEqual(
      expect.arrayContaining([
        [long, 'annulation'],
        [short, 'depart_anticipe'],
      ]),
    );

    expect((await restore(long)).statusCode).toBe(200);
    const after = await integrale();
    expect([after.date_debut, after.date_fin]).toEqual([day(20), day(24)]);
    expect(after.retablissements.map((r) => r.reservation_id)).toEqual([short]);
  });
});

describe('PUT /reservations/retablissement/:id after an early departure and a no-show', () => {
  it('undoes an early departure: the planned departure and the nights after the new one', async () => {
    const { stay } = await confirmedStay(-2, 6);
    const rooms = await occupied(w, w.ce.doubleH1, day(3));
    expect((await call(w, 'PUT', `/reservations/${stay}/${day(2)}`)).statusCode).toBe(200);
    expect(await occupied(w, w.ce.doubleH1, day(3))).toBe(rooms - 1);
    expect((await detail(stay)).retablissement).toMatchObject({
      type: 'depart_anticipe',
      statut: 'confirmee',
      date_fin: day(6),
      nuits: 4,
      premiere_nuit: day(2),
    });
    const response = await restore(stay, { motif: 'Départ annulé par le pensionnaire' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(6) });
    expect(await kept(stay)).toEqual(range(-2, 6));
    expect(await occupied(w, w.ce.doubleH1, day(3))).toBe(rooms);
    expect(await auditActions(w, 'reservation', stay)).toContain('retablissement');
  });

  it('undoes a no-show: the rest of the stay comes back, the first night stays pointed absent', async () => {
    const { stay } = await confirmedStay(-1, 3);
    const version = (await stayOf(w, stay))?.version ?? 0;
    const pointed = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      dates: [day(-1)],
      version,
      annuler_suite: true,
    });
    expect(pointed.statusCode, pointed.body).toBe(200);
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
    expect((await detail(stay)).retablissement).toMatchObject({ type: 'no_show', nuits: 3 });

    const response = await restore(stay, { motif: 'Arrivé tard, pointé absent par erreur' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(3) });
    const nights = await nightsOf(w, stay);
    expect(nights.map((n) => [n.date_nuit, n.annulee, n.presence])).toEqual([
      [day(-1), false, 'absent'],
      [day(0), false, 'non_pointe'],
      [day(1), false, 'non_pointe'],
      [day(2), false, 'non_pointe'],
    ]);
  });
});

describe('PUT /reservations/retablissement/:id refuses', () => {
  it('nights another stay took since: 409 naming the resident, the night and that stay; nothing changed', async () => {
    const { resident, stay } = await confirmedStay(30, 34);
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    const { reservation_ids } = await book(w, [resident], { start_date: day(32), end_date: day(36) });
    const other = reservation_ids[0] ?? 0;
    const refused = await restore(stay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Rétablissement de la réservation n° ${stay} impossible : Prénom0 Nom0 a une autre réservation la nuit du ${frenchDate(day(32))} (réservation n° ${other}) ; annulez-la ou écourtez-la d'abord.`,
    );
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
    expect(await kept(stay)).toEqual([]);
    expect(await auditActions(w, 'reservation', stay)).not.toContain('retablissement');
  });

  it("the hotel contract's allotment full since: 409 naming the room type and the night", async () => {
    const { stay } = await confirmedStay(40, 42, { type_chambre_id: w.simple.id });
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    await confirmedStay(40, 42, { type_chambre_id: w.simple.id });
    const refused = await restore(stay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(
      new RegExp(
        `^Rétablissement de la réservation n° ${stay} impossible : plus de chambre disponible pour le type Simple \\d+ le ${frenchDate(day(40))}\\.$`,
      ),
    );
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
    expect(await occupied(w, w.ce.simple, day(40))).toBe(1);
  });

  it('a client contract no longer active: 409 naming it', async () => {
    const { stay } = await confirmedStay(50, 52);
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    await w.app.db.execute(sql`update contrats_clients set statut = 'suspendu' where id = ${w.cc.id}`);
    try {
      const refused = await restore(stay);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(
        new RegExp(
          `^Rétablissement de la réservation n° ${stay} impossible : le contrat client CC-.* n'est pas actif\\.$`,
        ),
      );
    } finally {
      await w.app.db.execute(sql`update contrats_clients set statut = 'actif' where id = ${w.cc.id}`);
    }
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
  });

  it('after the end of the day following the cancellation: 409, and the card offers it no more', async () => {
    const { stay } = await confirmedStay(60, 62);
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    // The cancellation as if entered two days ago.
    await w.app.db.execute(
      sql`update liberations set created_at = created_at - interval '2 days' where reservation_id = ${stay}`,
    );
    expect((await detail(stay)).actions.retablir).toBe(false);
    expect((await detail(stay)).retablissement).toBeNull();
    const refused = await restore(stay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Rétablissement impossible : l'annulation de la réservation n° ${stay} (le ${frenchDate(day(-2))}) ne pouvait être rétablie que jusqu'au ${frenchDate(day(-1))} inclus.`,
    );
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
  });

  it('an early departure followed since by a new extension: 409, cancel the extension first', async () => {
    const { stay } = await confirmedStay(70, 75);
    expect((await call(w, 'PUT', `/reservations/${stay}/${day(72)}`)).statusCode).toBe(200);
    const extended = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(74) });
    expect(extended.statusCode, extended.body).toBe(200);
    const [extension = 0] = extended.json<{ reservation_ids: number[] }>().reservation_ids;
    expect((await detail(stay)).actions.retablir).toBe(false);
    const refused = await restore(stay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Rétablissement impossible : la réservation n° ${stay} est prolongée depuis par la réservation n° ${extension} ; annulez d'abord la prolongation.`,
    );
  });

  it('a stay never cancelled, a missing reason, an unknown field, an unknown stay, a stale version', async () => {
    const { stay } = await confirmedStay(80, 82);
    const nothing = await restore(stay);
    expect(nothing.statusCode).toBe(409);
    expect((await detail(stay)).actions.retablir).toBe(false);
    expect((await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Erreur' })).statusCode).toBe(
      200,
    );
    for (const [body, message] of [
      [undefined, 'Le champ motif est obligatoire.'],
      [{ motif: '' }, 'Le champ motif est obligatoire.'],
      [{ motif: '   ' }, 'Le motif du rétablissement est obligatoire.'],
    ] as const) {
      const response = await call(w, 'PUT', `/reservations/retablissement/${stay}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect((await restore(stay, { motif: 'x', applyToAllPr: true })).statusCode).toBe(400);
    expect((await restore(999_999)).statusCode).toBe(404);
    const stale = await restore(stay, { motif: 'Erreur', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/modifiée entre-temps/);
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
  });
});
