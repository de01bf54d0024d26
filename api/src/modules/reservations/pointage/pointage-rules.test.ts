import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RESERVATION_FILTERS, type PointageListAnswer } from 'shared/contract';
import { buildTestApp } from '../../../../test/helper';
import {
  auditActions,
  book,
  buildWorld,
  call,
  day,
  nightsOf,
  occupied,
  residents,
  runningStay,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const versionOf = async (id: number) => (await stayOf(w, id))?.version ?? 0;
const CHANGED = 'Cette réservation a été modifiée entre-temps : rechargez-la puis recommencez.';

describe('pointage: the version read', () => {
  it('a stale version answers 409 in French and writes nothing; the answer gives the new version', async () => {
    const stay = await runningStay(w, { status_paf: true });
    const version = await versionOf(stay);
    const first = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ reservation_id: stay, version: version + 1, nuitees: 1 });
    const stale = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED);
    expect((await nightsOf(w, stay)).filter((n) => n.presence === 'absent')).toHaveLength(0);
    const stalePaf = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      version,
    });
    expect(stalePaf.statusCode).toBe(409);
    expect((await nightsOf(w, stay)).every((n) => n.etat_paf === 'a_verifier')).toBe(true);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage']);
    const missing = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, { presence: 'absent' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/version est obligatoire/);
  });

  it('PAF/CAF on chosen nights, with the version; an unknown night → 400, nothing written', async () => {
    const stay = await runningStay(w, { status_caf: true });
    const answer = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'caf',
      etat: 'non_paye',
      dates: [day(-2), day(-1)],
      version: await versionOf(stay),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // The stay's summary stays « à vérifier »: its night of three days ago still is.
    expect(answer.json()).toMatchObject({
      nuitees: 2,
      etat_payment: 'a_verifier',
      version: await versionOf(stay),
    });
    const foreign = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'caf',
      etat: 'paye',
      dates: [day(-1), day(-20)],
      version: await versionOf(stay),
    });
    expect(foreign.statusCode).toBe(400);
    const both = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'caf',
      etat: 'paye',
      dates: [day(-1)],
      start_date: day(-2),
      end_date: day(0),
      version: await versionOf(stay),
    });
    expect(both.statusCode).toBe(400);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage_caf']);
  });

  it('concurrent checks of the same nights: one wins, every other answers 409, none is lost silently', async () => {
    const stay = await runningStay(w, { status_paf: true });
    const version = await versionOf(stay);
    const presences = ['present', 'absent', 'present', 'absent', 'present', 'absent'] as const;
    const answers = await Promise.all([
      ...presences.map((presence) =>
        call(w, 'PUT', `/reservations/update_pointage/${stay}`, { presence, dates: [day(-1)], version }),
      ),
      call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, { type: 'paf', etat: 'paye', version }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(answers.length - 1);
    const winner = answers.find((a) => a.statusCode === 200);
    expect(winner?.json<{ version: number }>().version).toBe(await versionOf(stay));
    expect(await auditActions(w, 'reservation', stay)).toHaveLength(2);
  });
});

describe('pointage: the no-show', () => {
  it('absent on the first night with annuler_suite: the rest cancelled, rooms released, audited, one transaction', async () => {
    const [resident = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [resident], {
      start_date: day(-1),
      end_date: day(4),
      confirmer: true,
      type_chambre_id: w.simple.id,
    });
    const stay = reservation_ids[0] ?? 0;
    expect(await occupied(w, w.ce.simple, day(2))).toBe(1);
    const refused = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      annuler_suite: true,
      version: await versionOf(stay),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/no-show/);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation']);
    const noShow = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      annuler_suite: true,
      version: await versionOf(stay),
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json()).toMatchObject({ nuitees: 1, nuitees_annulees: 4, version: await versionOf(stay) });
    expect(noShow.json().message).toMatch(/no-show/);
    expect((await stayOf(w, stay))?.statut).toBe('annulee');
    const nights = await nightsOf(w, stay);
    // The first night stays billable (the room was held), pointed absent; the others are cancelled.
    expect(nights.map((n) => [n.date_nuit, n.annulee, n.presence])).toEqual([
      [day(-1), false, 'absent'],
      [day(0), true, 'non_pointe'],
      [day(1), true, 'non_pointe'],
      [day(2), true, 'non_pointe'],
      [day(3), true, 'non_pointe'],
    ]);
    expect(await occupied(w, w.ce.simple, day(2))).toBe(0);
    expect(await occupied(w, w.ce.simple, day(-1))).toBe(1);
    expect(await auditActions(w, 'reservation', stay)).toEqual([
      'creation',
      'pointage',
      'annulation',
      'avis_etablissement',
    ]);
  });
});

describe('POST /reservations/pointage_nuitees', () => {
  it('stays with their nights in the window; date_arrivee; 401; 400 for an unknown filter', async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const yesterday = (await book(w, [a], { start_date: day(-1), end_date: day(3), confirmer: true }))
      .reservation_ids[0];
    const older = (await book(w, [b], { start_date: day(-4), end_date: day(3), confirmer: true }))
      .reservation_ids[0];
    const list = await call(w, 'POST', '/reservations/pointage_nuitees', {
      jours: 'commence_h',
      pageSize: 200,
    });
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<PointageListAnswer>();
    const row = answer.reservations.find((r) => r.id === yesterday);
    expect(row?.nuitees.map((n) => [n.date_nuit, n.pointable])).toEqual([
      [day(-1), true],
      [day(0), true],
    ]);
    expect(answer.reservations.map((r) => r.id)).not.toContain(older);
    expect(answer).toMatchObject({ start_date: day(-30), end_date: day(1) });
    const byDay = await call(w, 'POST', '/reservations/pointage_nuitees', {
      date_arrivee: day(-4),
      start_date: day(-4),
      end_date: day(3),
    });
    const found = byDay.json<PointageListAnswer>().reservations.find((r) => r.id === older);
    expect(found?.nuitees).toHaveLength(7);
    expect(found?.nuitees.filter((n) => n.pointable)).toHaveLength(5);
    expect((await call(w, 'POST', '/reservations/pointage_nuitees', {}, null)).statusCode).toBe(401);
    const unknown = await call(w, 'POST', '/reservations/pointage_nuitees', { jour: 'hier' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/jour.*n'est pas autorisé/);
  });
});

describe('POST /reservations/pointage_nuitees: the nights due of the whole stay', () => {
  const state = (nuits: number, montant: string, hors_fenetre: number) => ({ nuits, montant, hors_fenetre });

  it('counts every due night by state, in and out of the 31-day window, per stream the stay has', async () => {
    // Written directly: a booking cannot start more than 7 days ago.
    const v = await insertWorld(w.app);
    const [a, b] = await Promise.all(
      ['Ancien', 'Long'].map((nom) => insertResident(w.app, v.clientId, { nom, prenom: 'Séjour' })),
    );
    // Every night of the old stay (today − 50 … today − 36) is older than the window (today − 30 … today).
    const old = await insertReservation(w.app, v, {
      pensionnaireId: a!.id,
      dateDebut: day(-50),
      dateFin: day(-35),
      statusPaf: true,
      statusCaf: true,
      night: { montantPaf: '3.50', montantCaf: '2.00' },
      nights: {
        [day(-50)]: { etatPaf: 'paye' },
        [day(-49)]: { etatPaf: 'paye' },
        [day(-48)]: { etatPaf: 'non_paye' },
        // Cancelled nights are due nowhere.
        [day(-40)]: { annulee: true },
      },
    });
    // The long one starts before the window and goes on after today: tonight's and tomorrow's are not due yet.
    const long = await insertReservation(w.app, v, {
      pensionnaireId: b!.id,
      dateDebut: day(-33),
      dateFin: day(2),
      statut: 'en_cours',
      statusPaf: true,
      night: { montantPaf: '3.50' },
      nights: { [day(-33)]: { etatPaf: 'paye' }, [day(-1)]: { etatPaf: 'paye' } },
    });
    const list = await call(w, 'POST', '/reservations/pointage_nuitees', {
      status_paf: true,
      etat_payment_paf: 'a_verifier',
      pensionnaire: 'Séjour',
      pageSize: 200,
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<PointageListAnswer>().reservations;
    const oldRow = rows.find((row) => row.id === old.id);
    // Listed « à vérifier » with no night in the window: its figures come from the whole stay.
    expect(oldRow?.nuitees).toEqual([]);
    expect(oldRow?.nuits_dues_paf).toEqual({
      a_verifier: state(11, '38.50', 11),
      paye: state(2, '7.00', 2),
      non_paye: state(1, '3.50', 1),
    });
    expect(oldRow?.nuits_dues_caf).toEqual({
      a_verifier: state(14, '28.00', 14),
      paye: state(0, '0.00', 0),
      non_paye: state(0, '0.00', 0),
    });
    const longRow = rows.find((row) => row.id === long.id);
    // 33 nights due (today − 33 … today − 1), three of them before the window; no CAF on this stay.
    expect(longRow?.nuits_dues_paf).toEqual({
      a_verifier: state(31, '108.50', 2),
      paye: state(2, '7.00', 1),
      non_paye: state(0, '0.00', 0),
    });
    expect(longRow?.nuits_dues_caf).toBeNull();
    expect(longRow?.nuitees).toHaveLength(31);
    // A whole-stay check writes exactly the nights due the list announced.
    const whole = await call(w, 'PUT', `/reservations/pointage_paf_caf/${old.id}`, {
      type: 'paf',
      etat: 'paye',
      version: 1,
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ nuitees: 14, ecrites: { paye: 14, non_paye: 0, a_verifier: 0 } });
  });
});

describe('dashboard badges', () => {
  it('each counter equals the total of the list its badge opens (reservations and pointage lists)', async () => {
    // A world of its own: a hotel whose allotment the other tests have not used.
    const v = await buildWorld(w.app);
    const people = await residents(v, 4);
    await book(v, [people[0] ?? 0], { start_date: day(-5), end_date: day(1), confirmer: true });
    await book(v, [people[1] ?? 0], { start_date: day(-6), end_date: day(0), confirmer: true });
    await book(v, [people[2] ?? 0], {
      start_date: day(-3),
      end_date: day(9),
      confirmer: true,
      status_caf: true,
    });
    await book(v, [people[3] ?? 0], { start_date: day(-1), end_date: day(5), status_paf: true });
    for (const [name, filters] of Object.entries(DASHBOARD_RESERVATION_FILTERS)) {
      const counter = await call(w, 'POST', '/reservationsNumber', filters);
      expect(counter.statusCode, counter.body).toBe(200);
      const total = counter.json<{ total: number }>().total;
      expect(total, name).toBeGreaterThan(0);
      const list = await call(w, 'POST', '/reservations', { ...filters, page: 1, pageSize: 200 });
      expect(list.json<{ total: number; reservations: unknown[] }>(), name).toMatchObject({ total });
      expect(list.json<{ reservations: unknown[] }>().reservations, name).toHaveLength(total);
      const pointage = await call(w, 'POST', '/reservations/pointage_nuitees', { ...filters, pageSize: 200 });
      expect(pointage.json<PointageListAnswer>().total, name).toBe(total);
      expect(pointage.json<PointageListAnswer>().reservations, name).toHaveLength(total);
    }
  });
});
