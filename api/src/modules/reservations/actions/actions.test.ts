import type { HistoriquesAnswer } from 'shared/contract';
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
  today,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { frenchDate } from '../../../lib/days';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

describe('PUT /reservations/confirmation/:id', () => {
  it('confirms one stay, then 409 naming its status; applyToAllPr confirms the rest of the parent', async () => {
    const ids = await residents(w, 3);
    const { reservation_ids } = await book(w, ids);
    const [a = 0, b = 0, c = 0] = reservation_ids;
    const one = await call(w, 'PUT', `/reservations/confirmation/${a}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(`Réservation n° ${a} confirmée.`);
    expect((await stayOf(w, a))?.statut).toBe('confirmee');
    const again = await call(w, 'PUT', `/reservations/confirmation/${a}`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`La réservation n° ${a} est confirmée : confirmation impossible.`);
    const all = await call(w, 'PUT', `/reservations/confirmation/${b}`, { applyToAllPr: true });
    expect(all.statusCode).toBe(200);
    expect(all.json().message).toBe('2 réservations confirmées.');
    expect((await stayOf(w, c))?.statut).toBe('confirmee');
    expect(await auditActions(w, 'reservation', c)).toEqual(['creation', 'confirmation']);
  });

  it('answers 404, 400 and 409 on a stale version', async () => {
    expect((await call(w, 'PUT', '/reservations/confirmation/999999', {})).statusCode).toBe(404);
    expect((await call(w, 'PUT', '/reservations/confirmation/abc', {})).statusCode).toBe(400);
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id]);
    const stale = await call(w, 'PUT', `/reservations/confirmation/${reservation_ids[0]}`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call(w, 'PUT', `/reservations/confirmation/${reservation_ids[0]}`, { x: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('PUT /reservations/annulation/:id', () => {
  it('cancels from today on, keeps past nights, releases rooms, records the reason', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], {
      start_date: day(-3),
      end_date: day(3),
      confirmer: true,
    });
    const stay = reservation_ids[0] ?? 0;
    expect(await occupied(w, w.ce.doubleH1, today)).toBeGreaterThanOrEqual(1);
    const before = await occupied(w, w.ce.doubleH1, today);
    const response = await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Départ en famille' });
    expect(response.statusCode, response.body).toBe(200);
    const nights = await nightsOf(w, stay);
    expect(nights.filter((n) => n.annulee).map((n) => n.date_nuit)).toEqual([day(0), day(1), day(2)]);
    expect(nights.filter((n) => !n.annulee).map((n) => n.date_nuit)).toEqual([day(-3), day(-2), day(-1)]);
    expect(await occupied(w, w.ce.doubleH1, today)).toBe(before - 1);
    expect(await occupied(w, w.ce.doubleH1, day(-1))).toBeGreaterThanOrEqual(1);
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
    // The hotel's notice of the released nights is audited on the stay too (communications/hotel-notices.ts).
    expect(await auditActions(w, 'reservation', stay)).toEqual([
      'creation',
      'annulation',
      'avis_etablissement',
    ]);
    const again = await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Départ du foyer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`La réservation n° ${stay} est annulée : annulation impossible.`);
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('requires a reason (400 missing, empty or blank, nothing changed) and shows it in the history', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], { start_date: day(20), end_date: day(22) });
    const stay = reservation_ids[0] ?? 0;
    for (const [body, message] of [
      [undefined, 'Le champ motif est obligatoire.'],
      [{ applyToAllPr: true }, 'Le champ motif est obligatoire.'],
      [{ motif: '' }, 'Le champ motif est obligatoire.'],
      [{ motif: ' \n ' }, "Le motif de l'annulation est obligatoire."],
    ] as const) {
      const response = await call(w, 'PUT', `/reservations/annulation/${stay}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await stayOf(w, stay))?.statut).toBe('en_attente');
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation']);
    const response = await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: '  Hospitalisé  ' });
    expect(response.statusCode, response.body).toBe(200);
    const entry = (await call(w, 'GET', `/reservations/historiques/${stay}`))
      .json<HistoriquesAnswer>()
      .historiques.find((row) => row.action === 'annulation');
    expect(entry).toMatchObject({ action: 'annulation', libelle: 'Annulation' });
    expect(entry?.changements).toContainEqual({ champ: 'motif', avant: null, apres: 'Hospitalisé' });
  });

  it('cancels the extensions of the stay too, and every active stay of the parent with applyToAllPr', async () => {
    const ids = await residents(w, 2);
    const { reservation_ids } = await book(w, ids, { start_date: day(5), end_date: day(8), confirmer: true });
    const [a = 0, b = 0] = reservation_ids;
    const extended = await call(w, 'PUT', `/reservations/prolongation/${a}`, { end_date: day(10) });
    expect(extended.statusCode, extended.body).toBe(200);
    const [extension = 0] = extended.json<{ reservation_ids: number[] }>().reservation_ids;
    const response = await call(w, 'PUT', `/reservations/annulation/${b}`, {
      applyToAllPr: true,
      motif: 'Fermeture du site',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/^3 réservations annulées\. Avis de libération à /);
    for (const id of [a, b, extension]) expect((await stayOf(w, id))?.statut).toBe('annulee');
    expect(await occupied(w, w.ce.doubleH1, day(8))).toBe(0);
    expect(await invariantViolations(w)).toEqual([]);
  });
});

describe('PUT /reservations/:id', () => {
  it('changes room and meals under the version, re-snapshots future nights only, 409 when stale', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], { start_date: day(-2), end_date: day(2) });
    const stay = reservation_ids[0] ?? 0;
    const response = await call(w, 'PUT', `/reservations/${stay}`, {
      version: 1,
      chambre: '204',
      diner: true,
      status_caf: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const nights = await nightsOf(w, stay);
    expect(nights.map((n) => [n.diner, n.montant_caf])).toEqual([
      [0, '0.00'],
      [0, '0.00'],
      [1, '2.00'],
      [1, '2.00'],
    ]);
    expect(await stayOf(w, stay)).toMatchObject({ chambre: '204', version: 2 });
    const stale = await call(w, 'PUT', `/reservations/${stay}`, { version: 1, chambre: '205' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/modifiée entre-temps/);
    expect((await call(w, 'PUT', `/reservations/${stay}`, { chambre: '1' })).statusCode).toBe(400);
    expect((await call(w, 'PUT', '/reservations/999999', { version: 1 })).statusCode).toBe(404);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'modification']);
  });
});

describe('PUT /reservations/:id/:date_fin', () => {
  it('ends the stay early: later nights cancelled, rooms released; 400 for bad dates, 409 when extended', async () => {
    const [id = 0, other = 0] = await residents(w, 2);
    const { reservation_ids } = await book(w, [id], { start_date: day(100), end_date: day(105) });
    const stay = reservation_ids[0] ?? 0;
    for (const bad of [day(100), day(105), day(110), day(-1)])
      expect((await call(w, 'PUT', `/reservations/${stay}/${bad}`)).statusCode, bad).toBe(400);
    const response = await call(w, 'PUT', `/reservations/${stay}/${day(102)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain(frenchDate(day(102)));
    expect((await stayOf(w, stay))?.date_fin).toBe(day(102));
    expect((await nightsOf(w, stay)).filter((n) => !n.annulee)).toHaveLength(2);
    expect(await occupied(w, w.ce.doubleH2, day(103))).toBe(0);
    expect(await auditActions(w, 'reservation', stay)).toEqual([
      'creation',
      'depart_anticipe',
      'avis_etablissement',
    ]);
    const { reservation_ids: other_ids } = await book(w, [other], {
      start_date: day(110),
      end_date: day(112),
    });
    const ext = await call(w, 'PUT', `/reservations/prolongation/${other_ids[0]}`, { end_date: day(114) });
    expect(ext.statusCode).toBe(200);
    const blocked = await call(w, 'PUT', `/reservations/${other_ids[0]}/${day(111)}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/annulez d'abord la prolongation/);
    expect(await invariantViolations(w)).toEqual([]);
  });
});
