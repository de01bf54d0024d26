import { addDays } from 'shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomingClientAnswer, RoomingEtabAnswer, RoomingPensAnswer, RoomingRow } from 'shared/contract';
import { buildTestApp } from '../../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  today,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { oneOf } from '../../../db/raw';
import { readInBatches } from '../../../db/cursor';
import { totauxOf } from '../../reservations/totaux';
import { roomingNightConditions, roomingStayConditions } from '../rooming-filters';
import { INPUT_MESSAGES } from '../../../lib/input-guards';
import { roomingRowsQuery } from './lists-service';

let w: World;
/** Stays of the world: [id, resident]. */
const stays: number[] = [];
let cancelledFuture = 0;
let monthStay = 0;

const cents = (value: string) => BigInt(value.replace('.', ''));
const sumCents = (values: string[]) => values.reduce((total, value) => total + cents(value), 0n);
const url = (path: string, filters: unknown, page = 1, pageSize = 200) =>
  `${path}?page=${page}&pageSize=${pageSize}&filters=${encodeURIComponent(JSON.stringify(filters))}`;

/** Last day of today's month, and the first day of the next. */
const nextMonth = (() => {
  const [year = 0, month = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
})();
const monthStart = `${today.slice(0, 7)}-01`;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  const people = await residents(w, 9);
  const at = (i: number) => people[i] ?? 0;
  const add = async (ids: number[], overrides: Record<string, unknown>) =>
    (await book(w, ids, { confirmer: true, ...overrides })).reservation_ids;
  stays.push(...(await add([at(0), at(1)], { start_date: day(-7), end_date: day(3), petit_dejeuner: true })));
  stays.push(
    ...(await add([at(2)], {
      start_date: day(-5),
      end_date: day(9),
      diner: true,
      status_paf: true,
      chambre: '12',
    })),
  );
  stays.push(
    ...(await add([at(3)], {
      start_date: day(-2),
      end_date: day(20),
      type_chambre_id: w.simple.id,
      dejeuner: true,
      status_caf: true,
      status_paf: true,
    })),
  );
  stays.push(...(await add([at(4), at(5)], { start_date: day(1), end_date: day(6), chambre: '3' })));
  [cancelledFuture = 0] = await add([at(6)], { start_date: day(4), end_date: day(8) });
  [monthStay = 0] = await add([at(7)], {
    start_date: addDays(nextMonth, -2),
    end_date: addDays(nextMonth, 2),
  });
  stays.push(cancelledFuture, monthStay);
  const cancel = await call(w, 'PUT', `/reservations/annulation/${cancelledFuture}`, {
    motif: 'Départ du foyer',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Pointages and payment states written directly: the lists read them, the pointage tests test their writes.
  await w.app.db.execute(sql`update nuitees set presence = 'present', etat_paf = 'paye'
    where reservation_id = ${stays[2] ?? 0} and date_nuit < ${day(0)}::date and date_nuit >= ${day(-3)}::date`);
  await w.app.db.execute(sql`update nuitees set presence = 'absent', etat_caf = 'non_paye'
    where reservation_id = ${stays[3] ?? 0} and date_nuit = ${day(-1)}::date`);
  await w.app.db.execute(sql`update nuitees set presence = 'present', etat_paf = 'non_paye'
    where reservation_id = ${stays[0] ?? 0} and date_nuit < ${day(-4)}::date`);
});
afterAll(() => w.app.close());

/** Every page of a list, and the first page's totals. */
async function all<T extends { reservations: RoomingRow[] }>(path: string, filters: unknown, pageSize = 3) {
  const first = await call(w, 'GET', url(path, filters, 1, pageSize));
  expect(first.statusCode, first.body).toBe(200);
  const answer = first.json<T & { total: number }>();
  const rows = [...answer.reservations];
  for (let page = 2; (page - 1) * pageSize < answer.total; page += 1) {
    const next = await call(w, 'GET', url(path, filters, page, pageSize));
    expect(next.statusCode, next.body).toBe(200);
    rows.push(...next.json<T>().reservations);
  }
  return { answer, rows };
}

/** Independent recount over nuitees: nights, HT of one side, HT of present nights. */
async function recount(
  filters: { start_date: string; end_date: string; etablissement_id?: number },
  side: 'achat' | 'vente',
) {
  const line =
    side === 'achat'
      ? sql`prix_achat_ht + petit_dejeuner * prix_achat_petit_dejeuner_ht + dejeuner * prix_achat_dejeuner_ht + diner * prix_achat_diner_ht`
      : sql`prix_vente_ht + petit_dejeuner * prix_petit_dejeuner_ht + dejeuner * prix_dejeuner_ht + diner * prix_diner_ht`;
  return oneOf<{ nuitees: number; ht: string; htr: string }>(
    w.app.db,
    sql`select count(*)::int as nuitees, coalesce(sum(${line}), 0)::numeric(14, 2)::text as ht,
      coalesce(sum(${line}) filter (where presence = 'present'), 0)::numeric(14, 2)::text as htr
      from nuitees where not annulee and date_nuit >= ${filters.start_date}::date
      and date_nuit < ${filters.end_date}::date and etablissement_id = ${w.hotel.id}`,
  );
}

function expectRowsSumToTotals(
  rows: RoomingRow[],
  answer: Partial<RoomingClientAnswer & RoomingEtabAnswer> & { total: number },
) {
  expect(rows).toHaveLength(answer.total);
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  if (answer.total_nuitees === undefined) return;
  expect(answer.total_nuitees).toBe(rows.reduce((n, r) => n + r.nuitees, 0));
  expect(answer.total_pensionnaires).toBe(new Set(rows.map((r) => r.pensionnaire_id)).size);
  expect(cents(answer.total_prix_ht ?? '')).toBe(sumCents(rows.map((r) => r.prix_ht)));
  expect(cents(answer.ttc ?? '')).toBe(cents(answer.total_prix_ht ?? '') + cents(answer.tva ?? ''));
  if (answer.total_prix_htr !== undefined)
    expect(cents(answer.total_prix_htr)).toBe(sumCents(rows.map((r) => r.prix_htr)));
  if (answer.total_petit_dej !== undefined) {
    expect(answer.total_petit_dej).toBe(rows.reduce((n, r) => n + r.petit_dejeuner, 0));
    expect(answer.total_dej).toBe(rows.reduce((n, r) => n + r.dejeuner, 0));
    expect(answer.total_dinner).toBe(rows.reduce((n, r) => n + r.diner, 0));
    const paf = rows.filter((r) => r.status_paf);
    const caf = rows.filter((r) => r.status_caf);
    expect((answer.total_paf_p ?? 0) + (answer.total_paf_n ?? 0) + (answer.total_paf_v ?? 0)).toBe(
      paf.reduce((n, r) => n + r.nuitees, 0),
    );
    expect(
      cents(answer.total_montant_paf_p ?? '') +
        cents(answer.total_montant_paf_n ?? '') +
        cents(answer.total_montant_paf_v ?? ''),
    ).toBe(sumCents(paf.map((r) => r.montant_paf)));
    expect((answer.total_caf_p ?? 0) + (answer.total_caf_n ?? 0) + (answer.total_caf_v ?? 0)).toBe(
      caf.reduce((n, r) => n + r.nuitees, 0),
    );
    expect(
      cents(answer.total_montant_caf_p ?? '') +
        cents(answer.total_montant_caf_n ?? '') +
        cents(answer.total_montant_caf_v ?? ''),
    ).toBe(sumCents(caf.map((r) => r.montant_caf)));
  }
}

const PATHS = ['/reservationsRoomingEtab', '/reservationsRoomingClient', '/reservationsRoomingPens'] as const;

describe('GET /reservationsRooming{Etab,Client,Pens}', () => {
  it('401 without a token, on each of the three', async () => {
    for (const path of PATHS) {
      const response = await call(
        w,
        'GET',
        url(path, { start_date: day(0), end_date: day(1) }),
        undefined,
        null,
      );
      expect(response.statusCode).toBe(401);
    }
  });

  it('400 in French for malformed JSON, an unknown filter, a bad value, a missing or empty or too long period', async () => {
    for (const path of PATHS) {
      const malformed = await call(w, 'GET', `${path}?filters=${encodeURIComponent('{"start_date":')}`);
      expect(malformed.statusCode, malformed.body).toBe(400);
      expect(malformed.json().message).toMatch(/objet JSON valide/);
      const array = await call(w, 'GET', `${path}?filters=${encodeURIComponent('[1]')}`);
      expect(array.statusCode).toBe(400);
      const unknown = await call(w, 'GET', url(path, { start_date: day(0), end_date: day(1), hotel: 3 }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/filters\.hotel.*n'est pas autorisé/);
      const bad = await call(w, 'GET', url(path, { start_date: day(0), end_date: day(1), client_id: 'x' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/filters\.client_id/);
      // The input guards of every request apply inside the JSON too: a NUL written `\u0000`, a padded number.
      const nul = await call(
        w,
        'GET',
        url(path, { start_date: day(0), end_date: day(1), pensionnaire: 'a\u0000' }),
      );
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ message: INPUT_MESSAGES.nul });
      const padded = await call(
        w,
        'GET',
        url(path, { start_date: day(0), end_date: day(1), client_id: ' 12' }),
      );
      expect(padded.statusCode).toBe(400);
      expect(padded.json()).toEqual({
        message: 'Le paramètre filters.client_id doit être un nombre entier.',
      });
      const missing = await call(w, 'GET', url(path, { end_date: day(1) }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/start_date est obligatoire/);
      const noFilters = await call(w, 'GET', `${path}?page=1`);
      expect(noFilters.statusCode).toBe(400);
      expect(noFilters.json().message).toMatch(/filters est obligatoire/);
      const empty = await call(w, 'GET', url(path, { start_date: day(1), end_date: day(1) }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/postérieure/);
      const long = await call(w, 'GET', url(path, { start_date: day(0), end_date: day(367) }));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(/366 jours/);
    }
  });

  it('rooming-etab: purchase side, nights of the period only, totals equal to the rows and to a recount', async () => {
    const filters = { start_date: day(-3), end_date: day(2), etablissement_id: w.hotel.id };
    const { answer, rows } = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', filters);
    expectRowsSumToTotals(rows, answer);
    const expected = await recount(filters, 'achat');
    expect(answer.total_nuitees).toBe(expected?.nuitees);
    expect(answer.total_prix_ht).toBe(expected?.ht);
    expect(answer.total_prix_htr).toBe(expected?.htr);
    // The first stay (from day -7 to day 3) counts its 5 nights of the period, from day -3 to day 2.
    const first = rows.find((r) => r.id === stays[0]);
    expect(first).toMatchObject({
      nuitees: 5,
      debut_periode: day(-3),
      fin_periode: day(2),
      date_debut: day(-7),
    });
    // Simple room, par_chambre 40.00 a night: 4 nights of the period (day -2 … day 1), one pointed absent.
    const simple = rows.find((r) => r.id === stays[3]);
    expect(simple).toMatchObject({ nuitees: 4, prix_ht: '160.00', prix_htr: '0.00', nuitees_absentes: 1 });
    // Alone in a Double (par_chambre 60.00): 5 nights of the period, the 3 before today present.
    const alone = rows.find((r) => r.id === stays[2]);
    expect(alone).toMatchObject({ nuitees: 5, prix_ht: '300.00', prix_htr: '180.00', nuitees_presentes: 3 });
    // Sorted by hotel, then room number ('' first), then resident.
    expect(rows.map((r) => r.chambre ?? '')).toEqual([...rows.map((r) => r.chambre ?? '')].sort());
  });

  it('rooming-client: sale side and the 22 totals; PAF/CAF by night state', async () => {
    const filters = { start_date: day(-12), end_date: day(20), client_id: w.client.id };
    const { answer, rows } = await all<RoomingClientAnswer>('/reservationsRoomingClient', filters);
    expectRowsSumToTotals(rows, answer);
    expect(Object.keys(answer).filter((k) => k !== 'reservations')).toHaveLength(22);
    const expected = await recount(filters, 'vente');
    expect(answer.total_prix_ht).toBe(expected?.ht);
    // Resident 3's stay (PAF and CAF): 3 nights PAF paid, 1 night CAF not paid.
    expect(answer.total_paf_p).toBe(3);
    expect(answer.total_montant_paf_p).toBe('10.50');
    expect(answer.total_caf_n).toBe(1);
    expect(answer.total_montant_caf_n).toBe('2.00');
    // Resident 0 pointed present with PAF non_paye but has no PAF stream: not counted.
    expect(answer.total_paf_n).toBe(0);
  });

  it('excludes cancelled nights: a stay cancelled before its arrival has no row, nor nights in any total', async () => {
    const filters = { start_date: day(4), end_date: day(8) };
    for (const path of PATHS) {
      const { rows } = await all<RoomingEtabAnswer>(path, filters);
      expect(rows.map((r) => r.id)).not.toContain(cancelledFuture);
    }
    const { answer } = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', filters);
    expect(answer.total_nuitees).toBe((await recount(filters, 'achat'))?.nuitees);
  });

  it('month boundaries: a stay across the end of the month counts its nights in each month', async () => {
    const thisMonth = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', {
      start_date: monthStart,
      end_date: nextMonth,
    });
    const next = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', {
      start_date: nextMonth,
      end_date: addDays(nextMonth, 31),
    });
    expect(thisMonth.rows.find((r) => r.id === monthStay)).toMatchObject({
      nuitees: 2,
      debut_periode: addDays(nextMonth, -2),
      fin_periode: nextMonth,
    });
    expect(next.rows.find((r) => r.id === monthStay)).toMatchObject({
      nuitees: 2,
      debut_periode: nextMonth,
      fin_periode: addDays(nextMonth, 2),
    });
    const both = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', {
      start_date: monthStart,
      end_date: addDays(nextMonth, 31),
    });
    expect(both.answer.total_nuitees).toBe(thisMonth.answer.total_nuitees + next.answer.total_nuitees);
    expect(cents(both.answer.total_prix_ht)).toBe(
      cents(thisMonth.answer.total_prix_ht) + cents(next.answer.total_prix_ht),
    );
  });

  it("rooming-pensionnaires: the residents' stays of the period, total = rows, sorted by name", async () => {
    const { answer, rows } = await all<RoomingPensAnswer>('/reservationsRoomingPens', {
      start_date: day(-12),
      end_date: day(20),
      pensionnaire: 'nom1',
    });
    expectRowsSumToTotals(rows, answer);
    expect(rows.map((r) => r.pensionnaire_nom)).toEqual(['Nom1']);
  });

  it('totals = Σ rows on random filters (seeded), for the three lists', async () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)] as T;
    for (let run = 0; run < 20; run += 1) {
      const start = Math.floor(random() * 30) - 15;
      const filters: Record<string, unknown> = {
        start_date: day(start),
        end_date: day(start + 1 + Math.floor(random() * 40)),
      };
      if (random() < 0.4) filters.etablissement_id = w.hotel.id;
      if (random() < 0.3) filters.client_id = pick([w.client.id, w.otherClient.id]);
      if (random() < 0.3) filters.type_chambre_id = pick([w.double.id, w.simple.id]);
      if (random() < 0.3)
        filters.statut = pick(['confirmee', 'en_cours', 'annulee', ['en_cours', 'confirmee']]);
      if (random() < 0.2) filters.status_paf = random() < 0.5;
      if (random() < 0.2) filters.pensionnaire = pick(['nom', 'Prénom2', 'zzz']);
      const pageSize = 1 + Math.floor(random() * 4);
      for (const path of PATHS) {
        const { answer, rows } = await all<RoomingClientAnswer & RoomingEtabAnswer>(path, filters, pageSize);
        expectRowsSumToTotals(rows, answer);
      }
      const etab = await all<RoomingEtabAnswer>('/reservationsRoomingEtab', filters, 200);
      const client = await all<RoomingClientAnswer>('/reservationsRoomingClient', filters, 200);
      expect(etab.rows.map((r) => r.id).sort()).toEqual(client.rows.map((r) => r.id).sort());
      expect(etab.answer.total_nuitees).toBe(client.answer.total_nuitees);
    }
  });

  it("HT, VAT and TTC, planned and real, are totaux.ts's over the same nights (VAT rounded per rate on the document)", async () => {
    const where = (filters: { start_date: string; end_date: string }) =>
      sql.join(
        [
          ...roomingNightConditions(filters),
          sql`n.reservation_id in (select r.id from reservations r where ${sql.join(roomingStayConditions(filters), sql` and `)})`,
        ],
        sql` and `,
      );
    for (const filters of [
      { start_date: day(-7), end_date: day(20) },
      { start_date: day(-3), end_date: day(2), client_id: w.client.id },
      { start_date: day(-1), end_date: day(40), etablissement_id: w.hotel.id },
    ]) {
      const planned = await totauxOf(w.app.db, where(filters));
      const real = await totauxOf(w.app.db, sql`${where(filters)} and n.presence = 'present'`);
      const etab = (await all<RoomingEtabAnswer>('/reservationsRoomingEtab', filters, 200)).answer;
      expect([etab.total_prix_ht, etab.tva, etab.ttc, etab.total_prix_htr, etab.total_prix_ttcr]).toEqual([
        planned.achat.ht,
        planned.achat.tva,
        planned.achat.ttc,
        real.achat.ht,
        real.achat.ttc,
      ]);
      const client = (await all<RoomingClientAnswer>('/reservationsRoomingClient', filters, 200)).answer;
      expect([client.total_prix_ht, client.tva, client.ttc, client.total_prix_ttcr]).toEqual([
        planned.vente.ht,
        planned.vente.tva,
        planned.vente.ttc,
        real.vente.ttc,
      ]);
      expect(client.total_nuitees).toBe(planned.nuitees);
      expect(Number(planned.vente.tva)).toBeGreaterThan(0);
    }
  });

  it("the exports' statement, read through a cursor 2 rows at a time, gives the rows of the list, in its order, for the three lists", async () => {
    const filters = { start_date: day(-7), end_date: day(20) };
    for (const [kind, path] of [
      ['etab', '/reservationsRoomingEtab'],
      ['client', '/reservationsRoomingClient'],
      ['pens', '/reservationsRoomingPens'],
    ] as const) {
      const { rows } = await all<RoomingEtabAnswer>(path, filters, 200);
      const batched: RoomingRow[] = [];
      const sizes: number[] = [];
      await readInBatches<RoomingRow>(w.app.db, roomingRowsQuery(kind, filters), 2, async (batch) => {
        batched.push(...batch);
        sizes.push(batch.length);
        return true;
      });
      expect(sizes.slice(0, -1).every((size) => size === 2)).toBe(true);
      expect(rows.length).toBeGreaterThan(4);
      expect(batched).toEqual(rows);
    }
  });
});
