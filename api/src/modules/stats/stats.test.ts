import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  parisToday,
  RESERVATIONS_PATHS,
  STATS_PATHS,
  STATS_TABLEAUX,
  statsExcelPath,
  type PaxAnswer,
  type StatsCaAnswer,
  type StatsMoisAnswer,
  type StatsPaxAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { generateDemoData } from '../../demo/generate-demo-data';
import { Random } from '../../demo/random';
import { rowsOf } from '../../db/raw';
import { EXPORT_MESSAGES } from '../../plugins/export-slots';
import { totauxBy } from '../reservations/totaux';
import { addMonths } from './period';
import { PERIOD_MESSAGES } from './period';

// Demo data built around the real Paris today (scripts/test.sh also runs this file at chosen dates): 14 months of
// history, so every period below crosses a new year and has a previous year.
const TODAY = parisToday();
const THIS_MONTH = TODAY.slice(0, 7);

let app: FastifyInstance;
let agent: string;
let admin: string;
let clients: number[];
let hotels: number[];

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

async function get<T>(path: string, params: Record<string, string | number | undefined>, token = agent) {
  const response = await app.inject({
    method: 'GET',
    url: `/api${path}?${query(params)}`,
    headers: bearer(token),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: (json ? response.json<T>() : undefined) as T };
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  await generateDemoData(app.db, {
    seed: 13,
    hotels: 5,
    clients: 4,
    households: 36,
    monthsBefore: 14,
    monthsAfter: 2,
    today: TODAY,
  });
  agent = (await userToken(app, 'agent')).token;
  admin = (await userToken(app, 'admin')).token;
  clients = (await rowsOf<{ id: number }>(app.db, sql`select id from clients order by id`)).map((r) => r.id);
  hotels = (await rowsOf<{ id: number }>(app.db, sql`select id from etablissements order by id`)).map(
    (r) => r.id,
  );
}, 120_000);

afterAll(async () => {
  await app.close();
});

/** Random filters: a period of 1 to 14 months ending around today, and sometimes a client and / or a hotel. */
function randomFilters(random: Random) {
  const fin = addMonths(THIS_MONTH, random.int(-3, 2));
  const debut = addMonths(fin, -random.int(0, 13));
  return {
    debut,
    fin,
    clientId: random.chance(0.4) ? random.pick(clients) : undefined,
    etablissementId: random.chance(0.4) ? random.pick(hotels) : undefined,
  };
}

/** The nights of a filter, as SQL over `nuitees n` (an independent recount: no summary table). */
const nightsWhere = (f: ReturnType<typeof randomFilters>, from: string, to: string) =>
  sql.join(
    [
      sql`not n.annulee`,
      sql`n.date_nuit >= ${from}::date`,
      sql`n.date_nuit < ${to}::date`,
      sql`n.reservation_id in (select id from reservations where ${partyOf(f)})`,
    ],
    sql` and `,
  );
const partyOf = (f: ReturnType<typeof randomFilters>) =>
  sql.join(
    [
      f.clientId === undefined ? sql`true` : sql`client_id = ${f.clientId}`,
      f.etablissementId === undefined ? sql`true` : sql`etablissement_id = ${f.etablissementId}`,
    ],
    sql` and `,
  );

describe('GET /stats/… access and period', () => {
  it('answers 401 without a token, and to staff and administrators', async () => {
    for (const path of [STATS_PATHS.pax, STATS_PATHS.mois, STATS_PATHS.ca]) {
      const anonymous = await app.inject({ method: 'GET', url: `/api${path}?debut=2026-01&fin=2026-03` });
      expect(anonymous.statusCode).toBe(401);
      expect((await get(path, { debut: '2026-01', fin: '2026-03' }, agent)).status).toBe(200);
      expect((await get(path, { debut: '2026-01', fin: '2026-03' }, admin)).status).toBe(200);
    }
  });

  it('answers a French 400 for a period that ends before it starts, is too long, is malformed or has unknown fields', async () => {
    for (const path of [STATS_PATHS.pax, STATS_PATHS.mois, STATS_PATHS.ca, statsExcelPath('ca')]) {
      const extra = path.endsWith('excel') ? { tableau: 'parMois' } : {};
      const reversed = await get<{ message: string }>(path, { debut: '2026-03', fin: '2026-02', ...extra });
      expect(reversed).toEqual({
        status: 400,
        body: expect.objectContaining({ message: PERIOD_MESSAGES.order }),
      });
      const tooLong = await get<{ message: string }>(path, { debut: '2023-01', fin: '2026-01', ...extra });
      expect(tooLong).toEqual({
        status: 400,
        body: expect.objectContaining({ message: PERIOD_MESSAGES.length }),
      });
      // 36 months exactly is allowed.
      expect((await get(path, { debut: '2023-02', fin: '2026-01', ...extra })).status).toBe(200);
      expect((await get(path, { debut: '2026-13', fin: '2026-01', ...extra })).status).toBe(400);
      expect((await get(path, { fin: '2026-01', ...extra })).status).toBe(400);
      expect((await get(path, { debut: '2026-01', fin: '2026-01', inconnu: 1, ...extra })).status).toBe(400);
    }
    expect(
      (await get(statsExcelPath('pax'), { debut: '2026-01', fin: '2026-01', tableau: 'parMois' })).status,
    ).toBe(400);
  });
});

describe('the statistics equal the recount of the nights', () => {
  it('the summary tables (months, chains) equal their definitions over the nights, also after writes, cancellations and deletions', async () => {
    const differences = async (db: Parameters<typeof rowsOf>[0] = app.db) =>
      (
        await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from (
            (select * from nuitees_par_mois except all select * from nuitees_par_mois_calcul)
            union all
            (select * from nuitees_par_mois_calcul except all select * from nuitees_par_mois)) d`,
        )
      )[0]?.n;
    // The chains' summary (sejours_resume) equals the sums of its chain's months.
    const chainDifferences = async (db: Parameters<typeof rowsOf>[0] = app.db) =>
      (
        await rowsOf<{ n: number }>(
          db,
          sql`with calcul as (
            select sejour_id, min(client_id) as client_id, min(etablissement_id) as etablissement_id,
              min(premiere_nuit) as premiere_nuit, max(derniere_nuit) as derniere_nuit, sum(nuitees)::int as nuitees
            from nuitees_par_mois group by sejour_id),
          resume as (select sejour_id, client_id, etablissement_id, premiere_nuit, derniere_nuit, nuitees
            from sejours_resume)
          select count(*)::int as n from (
            (select * from resume except all select * from calcul)
            union all
            (select * from calcul except all select * from resume)) d`,
        )
      )[0]?.n;
    expect(
      (await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from nuitees_par_mois`))[0]?.n,
    ).toBeGreaterThan(100);
    expect(await differences()).toBe(0);
    expect(await chainDifferences()).toBe(0);
    expect(
      (await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from sejours_resume`))[0]?.n,
    ).toBeGreaterThan(50);
    await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update nuitees set annulee = true where id % 17 = 0`);
        await tx.execute(
          sql`update nuitees set etat_paf = 'paye', prix_vente_ht = prix_vente_ht + 1 where id % 13 = 0`,
        );
        await tx.execute(sql`update reservations set status_paf = not status_paf where id % 7 = 0`);
        await tx.execute(sql`delete from nuitees where id % 23 = 0`);
        expect(await differences(tx)).toBe(0);
        expect(await chainDifferences(tx)).toBe(0);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !error.message.toLowerCase().includes('rollback')) throw error;
      });
    expect(await differences()).toBe(0);
    expect(await chainDifferences()).toBe(0);
  });

  it('on random filters, /stats/pax equals POST /reservations/pax and a recount over the nights', async () => {
    const random = new Random(1301);
    for (let i = 0; i < 8; i++) {
      const f = randomFilters(random);
      const { status, body } = await get<StatsPaxAnswer>(STATS_PATHS.pax, f);
      expect(status).toBe(200);
      const pax = await app.inject({
        method: 'POST',
        url: `/api${RESERVATIONS_PATHS.pax}`,
        headers: bearer(agent),
        payload: {
          start_date: body.periode.dateDebut,
          end_date: body.periode.dateFin,
          ...(f.clientId !== undefined && { client_id: f.clientId }),
          ...(f.etablissementId !== undefined && { etablissement_id: f.etablissementId }),
        },
      });
      const expected = pax.json<PaxAnswer>();
      expect(body.totaux.pax, JSON.stringify(f)).toBe(expected.pax);
      expect(body.totaux.reservations).toBe(expected.reservations);
      expect(body.totaux.nuitees).toBe(expected.nuitees);
      // By client, by hotel, by room type: the same nights split, summing to the total.
      const recount = await rowsOf<{ k: string; nuitees: number; pax: number }>(
        app.db,
        sql`select 'c' || r.client_id as k, count(*)::int as nuitees, count(distinct n.pensionnaire_id)::int as pax
          from nuitees n join reservations r on r.id = n.reservation_id
          where ${nightsWhere(f, body.periode.dateDebut, body.periode.dateFin)} group by 1
          union all
          select 'e' || r.etablissement_id, count(*)::int, count(distinct n.pensionnaire_id)::int
          from nuitees n join reservations r on r.id = n.reservation_id
          where ${nightsWhere(f, body.periode.dateDebut, body.periode.dateFin)} group by 1`,
      );
      const got = [
        ...body.parClient.map((l) => ({ k: `c${l.id}`, nuitees: l.nuitees, pax: l.pax })),
        ...body.parEtablissement.map((l) => ({ k: `e${l.id}`, nuitees: l.nuitees, pax: l.pax })),
      ];
      const byKey = (a: { k: string }, b: { k: string }) => a.k.localeCompare(b.k);
      expect(got.sort(byKey)).toEqual(recount.sort(byKey));
      expect(body.parTypeChambre.reduce((sum, l) => sum + l.nuitees, 0)).toBe(expected.nuitees);
      expect(body.parTailleFoyer.reduce((sum, l) => sum + l.pax, 0)).toBe(expected.pax);
    }
  });

  it('on random filters, /stats/ca of each month equals the rooming totals of that month (same nights, same VAT)', async () => {
    const random = new Random(1302);
    for (let i = 0; i < 6; i++) {
      const f = randomFilters(random);
      const { status, body } = await get<StatsCaAnswer>(STATS_PATHS.ca, f);
      expect(status).toBe(200);
      const totals = await totauxBy(
        app.db,
        sql`to_char(date_nuit, 'YYYY-MM')`,
        sql`date_nuit >= ${body.periode.dateDebut}::date and date_nuit < ${body.periode.dateFin}::date
          and reservation_id in (select id from reservations where ${partyOf(f)})`,
      );
      for (const month of body.parMois) {
        const expected = totals.get(month.mois);
        expect(
          {
            mois: month.mois,
            nuitees: month.nuitees,
            venteHt: month.venteHt,
            tva: month.tva,
            venteTtc: month.venteTtc,
            achatHt: month.achatHt,
            margeHt: month.margeHt,
          },
          JSON.stringify(f),
        ).toEqual({
          mois: month.mois,
          nuitees: expected?.nuitees ?? 0,
          venteHt: expected?.vente.ht ?? '0.00',
          tva: expected?.vente.tva ?? '0.00',
          venteTtc: expected?.vente.ttc ?? '0.00',
          achatHt: expected?.achat.ht ?? '0.00',
          margeHt: expected?.marge_ht ?? '0.00',
        });
      }
      const cents = (values: string[]) => values.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
      expect(cents(body.parClient.map((l) => l.venteHt))).toBe(cents([body.totaux.venteHt]));
      expect(cents(body.parMois.map((l) => l.achatHt))).toBe(cents([body.totaux.achatHt]));
      // Planned versus consumed: the nights pointed present, recounted.
      const [present] = await rowsOf<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from nuitees n
          where ${nightsWhere(f, body.periode.dateDebut, body.periode.dateFin)} and n.presence = 'present'`,
      );
      expect(body.totaux.nuiteesReelles).toBe(present?.n);
      // PAF: nights of stays under PAF, by the night's payment state.
      const [paf] = await rowsOf<{ paye: number; montant: string }>(
        app.db,
        sql`select count(*) filter (where n.etat_paf = 'paye')::int as paye,
            coalesce(sum(n.montant_paf) filter (where n.etat_paf = 'a_verifier'), 0)::numeric(14, 2)::text as montant
          from nuitees n join reservations r on r.id = n.reservation_id
          where ${nightsWhere(f, body.periode.dateDebut, body.periode.dateFin)} and r.status_paf`,
      );
      const pafLine = body.paiements.find((p) => p.flux === 'paf');
      expect({ paye: pafLine?.payeNuitees, montant: pafLine?.aVerifierMontant }).toEqual(paf);
    }
  });

  it('/stats/mois lists every month in order across a new year, zeros for months without nights, N-1 beside', async () => {
    const debut = addMonths(THIS_MONTH, -5);
    const fin = addMonths(THIS_MONTH, 6); // the last months have no nights (bookings go two months ahead)
    const { status, body } = await get<StatsMoisAnswer>(STATS_PATHS.mois, { debut, fin });
    expect(status).toBe(200);
    expect(body.mois.map((m) => m.mois)).toEqual(
      Array.from({ length: 12 }, (_, index) => addMonths(debut, index)),
    );
    expect(body.mois.some((m) => m.mois.endsWith('-01'))).toBe(true);
    const last = body.mois.at(-1)!;
    expect(last.nuitees).toBe(0);
    expect(last.pax).toBe(0);
    expect(last.arrivees).toBe(0);
    const recount = new Map(
      (
        await rowsOf<{ mois: string; nuitees: number; pax: number }>(
          app.db,
          sql`select to_char(date_nuit, 'YYYY-MM') as mois, count(*)::int as nuitees,
              count(distinct pensionnaire_id)::int as pax
            from nuitees where not annulee group by 1`,
        )
      ).map((r) => [r.mois, r]),
    );
    for (const month of body.mois) {
      expect([month.mois, month.nuitees, month.pax]).toEqual([
        month.mois,
        recount.get(month.mois)?.nuitees ?? 0,
        recount.get(month.mois)?.pax ?? 0,
      ]);
      expect(month.moisPrecedent).toBe(addMonths(month.mois, -12));
      expect(month.nuiteesPrecedent).toBe(recount.get(month.moisPrecedent)?.nuitees ?? 0);
    }
    expect(body.mois.reduce((sum, m) => sum + m.nuitees, 0)).toBeGreaterThan(0);
  });

  it('answers zeros on a period without any night', async () => {
    const pax = await get<StatsPaxAnswer>(STATS_PATHS.pax, { debut: '1990-01', fin: '1990-12' });
    expect(pax.body.totaux).toEqual({
      pax: 0,
      reservations: 0,
      nuitees: 0,
      arrivees: 0,
      departs: 0,
      sejours: 0,
      dureeMoyenne: 0,
    });
    expect(pax.body.parClient).toEqual([]);
    const ca = await get<StatsCaAnswer>(STATS_PATHS.ca, { debut: '1990-01', fin: '1990-03' });
    expect(ca.body.parMois.map((m) => [m.mois, m.nuitees, m.venteTtc])).toEqual([
      ['1990-01', 0, '0.00'],
      ['1990-02', 0, '0.00'],
      ['1990-03', 0, '0.00'],
    ]);
  });
});

describe('the answer cache', () => {
  it('serves a repeated call from the cache and drops it when a write commits', async () => {
    const params = { debut: addMonths(THIS_MONTH, -2), fin: THIS_MONTH };
    const recount = async () =>
      (
        await rowsOf<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from nuitees
            where not annulee and date_nuit >= ${`${params.debut}-01`}::date
              and date_nuit < ${`${addMonths(params.fin, 1)}-01`}::date`,
        )
      )[0]!.n;
    const first = await get<StatsCaAnswer>(STATS_PATHS.ca, params);
    expect(first.body.totaux.nuitees).toBe(await recount());
    expect((await get<StatsCaAnswer>(STATS_PATHS.ca, params)).body).toEqual(first.body);
    // A write outside the API (as another process would): its commit notifies, the next call recounts.
    await app.db.execute(sql`update nuitees set annulee = true
      where id in (select id from nuitees where not annulee and date_nuit >= ${`${params.debut}-01`}::date
        order by id limit 3)`);
    const after = await get<StatsCaAnswer>(STATS_PATHS.ca, params);
    expect(after.body.totaux.nuitees).toBe(first.body.totaux.nuitees - 3);
    expect(after.body.totaux.nuitees).toBe(await recount());
  });
});

describe('GET /stats/<vue>/excel', () => {
  it('writes the table shown beside a chart as a dated .xlsx file', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api${statsExcelPath('ca')}?${query({ debut: addMonths(THIS_MONTH, -2), fin: THIS_MONTH, tableau: 'parMois' })}`,
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statistiques-ca-par-mois-${TODAY}.xlsx"`,
    );
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Mois');
    expect(sheet.getRow(2).getCell(1).value).toBe(
      `${addMonths(THIS_MONTH, -2).slice(5, 7)}/${addMonths(THIS_MONTH, -2).slice(0, 4)}`,
    );
    expect(sheet.rowCount).toBeGreaterThanOrEqual(4);
    // Amounts are numbers in the euro format of every workbook.
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const moneyColumn = STATS_TABLEAUX.ca.parMois.colonnes.findIndex((c) => c.kind === 'money') + 1;
    expect(moneyColumn, JSON.stringify(headers)).toBeGreaterThan(0);
    const amount = sheet.getRow(2).getCell(moneyColumn);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.numFmt).toBe('#,##0.00 "€"');
    await vi.waitFor(() => expect(app.exportSlots.running).toBe(0));
  });

  it('takes one of the export slots: 429 while the user already runs as many exports as allowed', async () => {
    const agentId = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(agent) })).json<{
      id: number;
    }>().id;
    const held = [app.exportSlots.acquire(agentId), app.exportSlots.acquire(agentId)];
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/api${statsExcelPath('ca')}?${query({ debut: THIS_MONTH, fin: THIS_MONTH, tableau: 'parMois' })}`,
        headers: bearer(agent),
      });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: EXPORT_MESSAGES.perUser(2) });
    } finally {
      for (const release of held) release();
    }
  });
});
