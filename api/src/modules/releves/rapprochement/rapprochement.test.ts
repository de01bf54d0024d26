import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELEVES_MESSAGES,
  type Ecart,
  type FactureEtablissementDetail,
  type FactureEtablissementWritten,
  type ReleveEtablissement,
} from 'shared/contract';
import { addDays } from 'shared/contract';
import { buildTestApp } from '../../../../test/helper';
import { buildDocument } from '../../../lib/facturx/facturx.fixture';
import { renderFacturX } from '../../../lib/facturx';
import {
  auditActions,
  book,
  buildWorld,
  call,
  day,
  residents,
  type World,
} from '../../../../test/fixtures/reservations-write';
import {
  bookedItems,
  csv,
  CSV_HEADER,
  csvRow,
  csvTotals,
  enterInvoice,
  loadDetail,
  reconcile,
  type BookedItem,
} from '../../../../test/fixtures/releves';

let w: World;
/** The period of the invoices: the nights of day(10) to day(12). */
const debut = day(10);
const fin = day(13);
let items: BookedItem[] = [];
let alice = 0;
let bruno = 0;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  const [a = 0, b = 0] = await residents(w, 2);
  [alice = 0] = (
    await book(w, [a], { confirmer: true, start_date: debut, end_date: fin, petit_dejeuner: true })
  ).reservation_ids;
  [bruno = 0] = (
    await book(w, [b], {
      confirmer: true,
      start_date: debut,
      end_date: day(12),
      type_chambre_id: w.simple.id,
    })
  ).reservation_ids;
  items = await bookedItems(w, debut, fin);
});
afterAll(() => w.app.close());

const period = { periodeDebut: debut, periodeFin: fin };

/** Drops the invoices entered so far: each case reconciles alone (another invoice's detail bills the same nights). */
async function clearInvoices(): Promise<void> {
  await w.app.db.execute(sql`delete from factures_etablissements where etablissement_id = ${w.hotel.id}`);
}

async function reconciled(id: number, version: number): Promise<FactureEtablissementDetail> {
  const response = await reconcile(w, id, version);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FactureEtablissementWritten>().data;
}

async function withDetail(rows: (string | number)[][], overrides: Record<string, unknown> = {}) {
  const invoice = await enterInvoice(w, { ...period, ...csvTotals(rows), ...overrides });
  const loaded = await loadDetail(w, invoice.id, invoice.version, csv([CSV_HEADER, ...rows]));
  expect(loaded.statusCode, loaded.body).toBe(200);
  return loaded.json<FactureEtablissementWritten>().data;
}

const perNight = (ecarts: Ecart[]) =>
  ecarts
    .filter((ecart) => ecart.dateNuit !== null)
    .map(({ type, reservationId, dateNuit, prestation, montantFacture, montantReserve }) => ({
      type,
      reservationId,
      dateNuit,
      prestation,
      montantFacture,
      montantReserve,
    }));

describe('a detail equal to the booked nights', () => {
  it('reconciles at once: « rapprochée », no difference, whatever the name order of a line', async () => {
    await clearInvoices();
    expect(items.filter((item) => item.prestation === 'petit_dejeuner').length).toBeGreaterThan(0);
    const rows = items.map(csvRow);
    // By name only, first name first: matched by the resident's name and the night.
    rows[0] = ['', `${items[0]!.prenom} ${items[0]!.nom.toUpperCase()}`, ...rows[0]!.slice(2)];
    const loaded = await withDetail(rows);
    expect(loaded.etat).toBe('a_rapprocher');
    expect(loaded.lignesDetail).toBe(items.length);
    const done = await reconciled(loaded.id, loaded.version);
    expect(done.ecarts).toEqual([]);
    expect(done.etat).toBe('rapprochee');
    expect(done.rapprocheeLe).not.toBeNull();
    expect(await auditActions(w, 'facture_etablissement', done.id)).toEqual([
      'create',
      'update',
      'rapprochement',
    ]);
  });

  it('reconciles the statement workbook sent back as the detail of an invoice of its totals', async () => {
    await clearInvoices();
    const mois = debut.slice(0, 7);
    const statement = (await call(w, 'GET', `/releves/${w.hotel.id}/${mois}`)).json<ReleveEtablissement>();
    const workbook = await call(w, 'GET', `/releves/${w.hotel.id}/${mois}/xlsx`);
    expect(workbook.statusCode).toBe(200);
    const invoice = await enterInvoice(w, {
      periodeDebut: statement.periode.debut,
      periodeFin: statement.periode.fin,
      totalHt: statement.totaux.totalHt,
      totalTva: statement.totaux.totalTva,
      totalTtc: statement.totaux.totalTtc,
    });
    const loaded = await loadDetail(
      w,
      invoice.id,
      invoice.version,
      workbook.rawPayload.toString('base64'),
      'releve.xlsx',
    );
    expect(loaded.statusCode, loaded.body).toBe(200);
    const data = loaded.json<FactureEtablissementWritten>().data;
    expect(data.sourceDetail).toBe('xlsx');
    const done = await reconciled(invoice.id, data.version);
    expect(done.ecarts).toEqual([]);
    expect(done.etat).toBe('rapprochee');
  });
  it("reads the lines of a hotel's own Factur-X invoice: by stay number or by name, nights over a period", async () => {
    await clearInvoices();
    const aliceNights = items.filter((item) => item.reservation_id === alice && item.prestation === 'nuitee');
    const others = items.filter((item) => !aliceNights.includes(item));
    const first = aliceNights[0]!;
    // Alice's nights as one line over her stay (departure form), by stay number; the rest one line each, by name.
    const document = buildDocument([
      {
        libelle: `Nuitée chambre double – Réservation n° ${alice}`,
        quantite: aliceNights.length,
        prix: first.prix,
        taux: first.taux,
        periode: { debut: first.date_nuit, fin: addDays(aliceNights.at(-1)!.date_nuit, 1) },
      },
      ...others.map((item) => ({
        libelle: `${item.prestation === 'nuitee' ? 'Nuitée' : 'Petit-déjeuner'} – ${item.nom} ${item.prenom}`,
        quantite: item.quantite,
        prix: item.prix,
        taux: item.taux,
        unite: item.prestation === 'nuitee' ? ('DAY' as const) : ('C62' as const),
        // A night billed for its last night (inclusive form), a meal for its day.
        periode: { debut: item.date_nuit, fin: item.date_nuit },
      })),
    ]);
    const { pdf } = await renderFacturX(document);
    const invoice = await enterInvoice(w, {
      ...period,
      totalHt: document.totaux.totalHt,
      totalTva: document.totaux.totalTva,
      totalTtc: document.totaux.totalTtc,
    });
    const loaded = await loadDetail(
      w,
      invoice.id,
      invoice.version,
      pdf.toString('base64'),
      'facture-hotel.pdf',
    );
    expect(loaded.statusCode, loaded.body).toBe(200);
    const data = loaded.json<FactureEtablissementWritten>().data;
    expect([data.sourceDetail, data.lignesDetail]).toEqual(['facturx', items.length]);
    const done = await reconciled(invoice.id, data.version);
    expect(done.ecarts).toEqual([]);
    expect(done.etat).toBe('rapprochee');
  });
});

describe('each kind of difference', () => {
  let invoice: FactureEtablissementDetail;

  beforeAll(async () => {
    await clearInvoices();
    const nightsOf = (id: number) =>
      items.filter((item) => item.reservation_id === id && item.prestation === 'nuitee');
    const [a1, a2, a3] = nightsOf(alice);
    const [, b2] = nightsOf(bruno);
    const rows = items
      .filter((item) => item !== b2)
      .flatMap((item) => {
        const row = csvRow(item);
        if (item === a1) row[6] = '65,00';
        if (item === a2) row[7] = '20';
        return item === a3 ? [row, row] : [row];
      });
    rows.push(['', 'Inconnu Paul', debut.split('-').reverse().join('/'), 'Nuitée', '', 1, '50', '10']);
    invoice = await reconciled(...(await withDetail(rows).then((d) => [d.id, d.version] as const)));
  });

  it('lists billed but not booked, booked but not billed, price, VAT and billed twice, per stay and night', () => {
    const nights = items.filter((item) => item.prestation === 'nuitee');
    const [a1, a2, a3] = nights.filter((item) => item.reservation_id === alice);
    const [, b2] = nights.filter((item) => item.reservation_id === bruno);
    const found = perNight(invoice.ecarts);
    expect(found).toHaveLength(5);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          type: 'facturee_non_reservee',
          reservationId: null,
          dateNuit: debut,
          prestation: 'nuitee',
          montantFacture: '50.00',
          montantReserve: '0.00',
        },
        {
          type: 'reservee_non_facturee',
          reservationId: bruno,
          dateNuit: b2!.date_nuit,
          prestation: 'nuitee',
          montantFacture: '0.00',
          montantReserve: b2!.prix,
        },
        {
          type: 'ecart_prix',
          reservationId: alice,
          dateNuit: a1!.date_nuit,
          prestation: 'nuitee',
          montantFacture: '65.00',
          montantReserve: a1!.prix,
        },
        expect.objectContaining({ type: 'ecart_tva', reservationId: alice, dateNuit: a2!.date_nuit }),
        {
          type: 'facturee_en_double',
          reservationId: alice,
          dateNuit: a3!.date_nuit,
          prestation: 'nuitee',
          montantFacture: a3!.prix,
          montantReserve: '0.00',
        },
      ]),
    );
    const tva = invoice.ecarts.find((ecart) => ecart.type === 'ecart_tva');
    expect([tva?.tauxFacture, tva?.tauxReserve]).toEqual(['20.00', '10.00']);
    expect(invoice.etat).toBe('ecart');
    expect(invoice.ecartsOuverts).toBe(5);
  });

  it('totals the per-night differences in HT (billed − booked)', () => {
    const a1 = items.find((item) => item.reservation_id === alice && item.prestation === 'nuitee')!;
    const b2 = items.filter((item) => item.reservation_id === bruno && item.prestation === 'nuitee')[1]!;
    const a3 = items.filter((item) => item.reservation_id === alice && item.prestation === 'nuitee')[2]!;
    const cents = (value: string) => Math.round(Number(value) * 100);
    const expected = 5_000 + (6_500 - cents(a1.prix)) - cents(b2.prix) + cents(a3.prix);
    expect(cents(invoice.totauxEcarts.difference)).toBe(expected);
  });

  it('exports the difference report as a workbook and a PDF', async () => {
    const workbook = await call(w, 'GET', `/factures-etablissements/${invoice.id}/ecarts/xlsx`);
    expect(workbook.statusCode, workbook.body).toBe(200);
    expect(workbook.headers['content-disposition']).toContain(`ecarts-facture-${invoice.id}.xlsx`);
    const pdf = await call(w, 'GET', `/factures-etablissements/${invoice.id}/ecarts/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('accepts differences with a reason: administrators only, one by one then all; the last closes it', async () => {
    const [first, ...rest] = invoice.ecarts;
    const accept = (body: Record<string, unknown>, token = w.admin) =>
      call(w, 'POST', `/factures-etablissements/${invoice.id}/ecarts/acceptation`, body, token);
    const byAgent = await accept({ version: invoice.version, ecartIds: [first!.id], motif: 'Vu' }, w.agent);
    expect(byAgent.statusCode).toBe(403);
    const unknown = await accept({ version: invoice.version, ecartIds: [999_999], motif: 'Vu' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: RELEVES_MESSAGES.ecartInconnu(999_999), champ: 'ecartIds.0' });
    const one = await accept({ version: invoice.version, ecartIds: [first!.id], motif: 'Tarif négocié' });
    expect(one.statusCode, one.body).toBe(200);
    const after = one.json<FactureEtablissementWritten>().data;
    expect(after.etat).toBe('ecart');
    expect(after.ecartsOuverts).toBe(rest.length);
    const accepted = after.ecarts.find((ecart) => ecart.id === first!.id)!;
    expect(accepted).toMatchObject({ accepte: true, motif: 'Tarif négocié' });
    expect(accepted.acceptePar).not.toBeNull();
    expect(accepted.accepteLe).not.toBeNull();
    const stale = await accept({ version: invoice.version, motif: 'Tout' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: RELEVES_MESSAGES.version });
    const again = await accept({ version: after.version, ecartIds: [first!.id], motif: 'Encore' });
    expect(again.statusCode).toBe(409);
    const all = await accept({ version: after.version, motif: 'Avoir demandé à l’hôtel' });
    expect(all.statusCode, all.body).toBe(200);
    const closed = all.json<FactureEtablissementWritten>().data;
    expect(closed.etat).toBe('rapprochee');
    expect(closed.ecartsOuverts).toBe(0);
    expect(closed.ecarts.every((ecart) => ecart.accepte)).toBe(true);
    expect(await auditActions(w, 'facture_etablissement', invoice.id)).toEqual([
      'create',
      'update',
      'rapprochement',
      'acceptation_ecart',
      'acceptation_ecart',
    ]);
    const rerun = await reconcile(w, invoice.id, closed.version);
    expect(rerun.statusCode).toBe(409);
    expect(rerun.json()).toEqual({ message: RELEVES_MESSAGES.dejaRapprochee });
  });
});

describe('a night billed by two invoices of the hotel', () => {
  it('is billed twice on the second one reconciled, naming the other invoice', async () => {
    await clearInvoices();
    const rows = items.map(csvRow);
    const first = await withDetail(rows, { numero: 'PREMIERE' });
    expect((await reconciled(first.id, first.version)).etat).toBe('rapprochee');
    const night = items.find((item) => item.reservation_id === bruno && item.prestation === 'nuitee')!;
    const again = [csvRow(night)];
    const second = await reconciled(...(await withDetail(again).then((d) => [d.id, d.version] as const)));
    const doubles = second.ecarts.filter((ecart) => ecart.type === 'facturee_en_double');
    expect(doubles).toEqual([
      expect.objectContaining({
        reservationId: bruno,
        dateNuit: night.date_nuit,
        autreFacture: 'PREMIERE',
        montantFacture: night.prix,
        montantReserve: '0.00',
      }),
    ]);
  });
});

describe('a detail whose header totals differ from its lines', () => {
  it('reports the total differences against the detail', async () => {
    await clearInvoices();
    const rows = items.map(csvRow);
    const totals = csvTotals(rows);
    const invoice = await withDetail(rows, {
      totalHt: '1.00',
      totalTva: totals.totalTva,
      totalTtc: `${(Number(totals.totalTva) + 1).toFixed(2)}`,
    });
    const done = await reconciled(invoice.id, invoice.version);
    expect(done.ecarts.map((ecart) => ecart.type).sort()).toEqual(['ecart_total_ht', 'ecart_total_ttc']);
    expect(done.ecarts.find((ecart) => ecart.type === 'ecart_total_ht')).toMatchObject({
      montantFacture: '1.00',
      montantReserve: totals.totalHt,
    });
  });
});

describe('without a detail', () => {
  it('compares the totals only: equal → rapprochée, different → the three total differences', async () => {
    const totals = csvTotals(items.map(csvRow));
    const equal = await enterInvoice(w, { ...period, ...totals });
    expect((await reconciled(equal.id, equal.version)).etat).toBe('rapprochee');
    const other = await enterInvoice(w, { ...period, totalHt: '10.00', totalTva: '1.00', totalTtc: '11.00' });
    const done = await reconciled(other.id, other.version);
    expect(done.etat).toBe('ecart');
    expect(
      done.ecarts.map(({ type, montantFacture, montantReserve }) => ({
        type,
        montantFacture,
        montantReserve,
      })),
    ).toEqual([
      { type: 'ecart_total_ht', montantFacture: '10.00', montantReserve: totals.totalHt },
      { type: 'ecart_total_tva', montantFacture: '1.00', montantReserve: totals.totalTva },
      { type: 'ecart_total_ttc', montantFacture: '11.00', montantReserve: totals.totalTtc },
    ]);
  });

  it('runs again after a new detail: back to « à rapprocher », the old differences gone', async () => {
    await clearInvoices();
    const invoice = await enterInvoice(w, {
      ...period,
      totalHt: '10.00',
      totalTva: '1.00',
      totalTtc: '11.00',
    });
    const first = await reconciled(invoice.id, invoice.version);
    expect(first.nombreEcarts).toBe(3);
    const rows = items.map(csvRow);
    const loaded = await loadDetail(w, invoice.id, first.version, csv([CSV_HEADER, ...rows]));
    expect(loaded.statusCode, loaded.body).toBe(200);
    const data = loaded.json<FactureEtablissementWritten>().data;
    expect(data).toMatchObject({ etat: 'a_rapprocher', nombreEcarts: 0, lignesDetail: rows.length });
    const second = await reconciled(invoice.id, data.version);
    expect(second.ecarts.every((ecart) => ecart.type.startsWith('ecart_total_'))).toBe(true);
  });
});

describe('concurrent reconciliations of one invoice', () => {
  it('lets one win; the other answers 409 and writes nothing', async () => {
    const invoice = await enterInvoice(w, {
      ...period,
      totalHt: '10.00',
      totalTva: '1.00',
      totalTtc: '11.00',
    });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => reconcile(w, invoice.id, invoice.version)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const read = (
      await call(w, 'GET', `/factures-etablissements/${invoice.id}`)
    ).json<FactureEtablissementDetail>();
    expect(read.version).toBe(invoice.version + 1);
    expect(read.nombreEcarts).toBe(3);
    expect(await auditActions(w, 'facture_etablissement', invoice.id)).toEqual(['create', 'rapprochement']);
  });
});
