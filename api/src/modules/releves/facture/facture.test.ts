import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DETAIL_MAX_OCTETS,
  DETAIL_MAX_OCTETS_DECOMPRESSES,
  RELEVES_MESSAGES,
  type FactureEtablissementDetail,
  type FactureEtablissementPage,
  type FactureEtablissementWritten,
} from 'shared/contract';
import { buildTestApp } from '../../../../test/helper';
import { auditActions, buildWorld, call, type World } from '../../../../test/fixtures/reservations-write';
import { csv, CSV_HEADER, enterInvoice, loadDetail } from '../../../../test/fixtures/releves';
import { zipOf } from './detail-archive.fixture';

let w: World;
beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  etablissementId: w.hotel.id,
  numero: 'FAC-2026-001',
  dateFacture: '2026-12-02',
  periodeDebut: '2026-11-01',
  periodeFin: '2026-12-01',
  totalHt: '1000.00',
  totalTva: '100.00',
  totalTtc: '1100.00',
  ...overrides,
});

describe('POST /factures-etablissements', () => {
  it('enters an invoice (agents too), audited; the same number for the same hotel again → 409', async () => {
    const created = await call(w, 'POST', '/factures-etablissements', body());
    expect(created.statusCode, created.body).toBe(201);
    const { message, data } = created.json<FactureEtablissementWritten>();
    expect(message).toBe(RELEVES_MESSAGES.enregistree);
    expect(data).toMatchObject({
      etablissementId: w.hotel.id,
      etablissementNom: w.hotel.nom,
      numero: 'FAC-2026-001',
      etat: 'a_rapprocher',
      sourceDetail: null,
      lignesDetail: 0,
      nombreEcarts: 0,
      version: 1,
      ecarts: [],
    });
    expect(await auditActions(w, 'facture_etablissement', data.id)).toEqual(['create']);
    const again = await call(w, 'POST', '/factures-etablissements', body({ numero: ' FAC-2026-001 ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RELEVES_MESSAGES.doublon('FAC-2026-001'), champ: 'numero' });
  });

  it('of two concurrent entries of one number, one wins and the other answers 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(w, 'POST', '/factures-etablissements', body({ numero: 'CONCURRENTE' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const list = await call(w, 'GET', '/factures-etablissements?numero=CONCURRENTE');
    expect(list.json<FactureEtablissementPage>().total).toBe(1);
  });

  it('refuses inconsistent totals, an empty period, an unknown hotel, unknown fields; writes nothing', async () => {
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ totalTtc: '1100.01' }, RELEVES_MESSAGES.ttc],
      [{ periodeFin: '2026-11-01' }, RELEVES_MESSAGES.periode],
      [{ etablissementId: 999_999 }, RELEVES_MESSAGES.etablissementInconnu(999_999)],
      [{ totalHt: '-1.00' }, undefined],
      [{ remise: '1.00' }, undefined],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(
        w,
        'POST',
        '/factures-etablissements',
        body({ numero: 'KO', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message !== undefined) expect(response.json<{ message: string }>().message).toBe(message);
    }
    const list = await call(w, 'GET', `/factures-etablissements?numero=KO`);
    expect(list.json<FactureEtablissementPage>().total).toBe(0);
  });
});

describe('GET /factures-etablissements', () => {
  it('lists with filters and pages; 404 for an unknown invoice', async () => {
    const first = await enterInvoice(w, {
      numero: 'LIST-1',
      periodeDebut: '2026-10-01',
      periodeFin: '2026-11-01',
    });
    await enterInvoice(w, { numero: 'LIST-2', periodeDebut: '2026-10-15', periodeFin: '2026-11-15' });
    const page = (query: string) =>
      call(w, 'GET', `/factures-etablissements?${query}`).then((r) => r.json<FactureEtablissementPage>());
    expect((await page('numero=list-')).total).toBe(2);
    expect((await page('numero=list-&mois=2026-10')).data.map((f) => f.numero).sort()).toEqual([
      'LIST-1',
      'LIST-2',
    ]);
    expect((await page('numero=list-&mois=2026-11')).data.map((f) => f.numero)).toEqual(['LIST-2']);
    const paged = await page('numero=list-&pageSize=1&page=2');
    expect([paged.total, paged.data.length]).toEqual([2, 1]);
    expect((await page(`etablissementId=${w.hotel.id}&etat=rapprochee`)).total).toBe(0);
    expect((await call(w, 'GET', `/factures-etablissements/${first.id}`)).statusCode).toBe(200);
    const missing = await call(w, 'GET', '/factures-etablissements/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: RELEVES_MESSAGES.factureInconnue(999_999) });
    expect((await call(w, 'GET', '/factures-etablissements?etat=payee')).statusCode).toBe(400);
  });
});

describe('PUT /factures-etablissements/:id/detail', () => {
  let invoice: FactureEtablissementDetail;
  beforeAll(async () => {
    invoice = await enterInvoice(w);
  });

  const good = ['123', 'Dupont Jean', '02/11/2026', 'Nuitée', 'Double', '1', '60,00', '10'];
  const withRow = (row: string[], header = CSV_HEADER) => csv([header, good, row]);

  /** A bad file → 400 with the message, and the invoice untouched. */
  async function refused(contenu: string, message: string, nomFichier = 'detail.csv') {
    const response = await loadDetail(w, invoice.id, invoice.version, contenu, nomFichier);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    const read = (
      await call(w, 'GET', `/factures-etablissements/${invoice.id}`)
    ).json<FactureEtablissementDetail>();
    expect([read.version, read.lignesDetail, read.sourceDetail]).toEqual([invoice.version, 0, null]);
  }

  it('names the row and the column of each kind of bad value, in French', async () => {
    const row = (index: number, value: string) => good.map((cell, i) => (i === index ? value : cell));
    await refused(withRow(row(2, '31/02/2026')), RELEVES_MESSAGES.date(3, 'dateNuit', '31/02/2026'));
    await refused(withRow(row(2, '')), RELEVES_MESSAGES.valeurManquante(3, 'dateNuit'));
    await refused(withRow(row(6, '12,345')), RELEVES_MESSAGES.montant(3, 'prixUnitaireHt', '12,345'));
    await refused(withRow(row(6, '-5')), RELEVES_MESSAGES.montant(3, 'prixUnitaireHt', '-5'));
    await refused(withRow(row(7, '120')), RELEVES_MESSAGES.taux(3, '120'));
    await refused(withRow(row(3, 'Spa')), RELEVES_MESSAGES.prestation(3, 'Spa'));
    await refused(withRow(row(5, '0')), RELEVES_MESSAGES.entier(3, 'quantite', '0'));
    await refused(withRow(row(0, 'abc')), RELEVES_MESSAGES.entier(3, 'reference', 'abc'));
    await refused(withRow(['', '', ...good.slice(2)]), RELEVES_MESSAGES.valeurManquante(3, 'pensionnaire'));
  });

  it('spreads a stay given by arrival and departure, and refuses a departure before the arrival', async () => {
    const header = ['Pensionnaire', 'Arrivée', 'Départ', 'Prix unitaire HT', 'Taux TVA'];
    await refused(
      csv([header, ['Dupont Jean', '05/11/2026', '03/11/2026', '60', '10']]),
      RELEVES_MESSAGES.sejour(2, '2026-11-05', '2026-11-03'),
    );
    const fresh = await enterInvoice(w);
    const loaded = await loadDetail(
      w,
      fresh.id,
      fresh.version,
      csv([header, ['Dupont Jean', '01/11/2026', '04/11/2026', '60', '10'], [], ['Total HT', '', '', '180']]),
    );
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json<FactureEtablissementWritten>()).toMatchObject({
      message: RELEVES_MESSAGES.detailCharge(3),
      data: { lignesDetail: 3, sourceDetail: 'csv', nomFichier: 'detail.csv', version: 2 },
    });
  });

  it('refuses a file without the needed columns, empty, unreadable, too big or too long', async () => {
    await refused(
      csv([CSV_HEADER.slice(0, 6).concat('Taux TVA'), good]),
      RELEVES_MESSAGES.colonneManquante('prixUnitaireHt'),
    );
    await refused(
      csv([
        ['Pensionnaire', 'Prix unitaire HT', 'Taux TVA'],
        ['A', '1', '10'],
      ]),
      RELEVES_MESSAGES.colonneDate,
    );
    await refused(csv([CSV_HEADER]), RELEVES_MESSAGES.aucuneLigne);
    await refused('!!!', RELEVES_MESSAGES.base64);
    await refused(csv([CSV_HEADER, good]), RELEVES_MESSAGES.extension, 'detail.txt');
    await refused(csv([CSV_HEADER, good]), RELEVES_MESSAGES.pdfSansFacturx, 'detail.pdf');
    await refused(
      Buffer.from('pas un classeur').toString('base64'),
      RELEVES_MESSAGES.fichierIllisible('classeur Excel (.xlsx)'),
      'detail.xlsx',
    );
    const stays = Array.from({ length: 60 }, () => ['Dupont Jean', '01/01/2026', '01/01/2027', '60', '10']);
    await refused(
      csv([['Pensionnaire', 'Arrivée', 'Départ', 'Prix unitaire HT', 'Taux TVA'], ...stays]),
      RELEVES_MESSAGES.tropDeLignes,
    );
    const big = Buffer.alloc(DETAIL_MAX_OCTETS + 3, 'a').toString('base64');
    const response = await loadDetail(w, invoice.id, invoice.version, big);
    expect([400, 413]).toContain(response.statusCode);
  });

  it('refuses a workbook that expands beyond the cap before reading it (a zip bomb), with a French 400', async () => {
    const sheet = Buffer.alloc(DETAIL_MAX_OCTETS_DECOMPRESSES + 1, 0x20);
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: sheet, declared: 1000 }]);
    expect(bomb.length).toBeLessThan(DETAIL_MAX_OCTETS);
    await refused(bomb.toString('base64'), RELEVES_MESSAGES.archiveTropGrosse, 'detail.xlsx');
  });

  it('reads a workbook with dates, numbers and a rate typed as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Détail');
    sheet.addRow(['Nom', 'Date', 'Prestation', 'Qté', 'PU HT', 'TVA']);
    sheet.addRow(['Dupont Jean', new Date(Date.UTC(2026, 10, 2)), 'Petit déjeuner', 2, 5.5, '5,5 %']);
    const fresh = await enterInvoice(w);
    const contenu = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const loaded = await loadDetail(w, fresh.id, fresh.version, contenu, 'hotel.XLSX');
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json<FactureEtablissementWritten>().data).toMatchObject({
      lignesDetail: 1,
      sourceDetail: 'xlsx',
    });
  });

  it('answers 409 for a stale version and 404 for an unknown invoice', async () => {
    const stale = await loadDetail(w, invoice.id, invoice.version + 5, withRow(good));
    expect(stale.statusCode).toBe(409);
    expect((await loadDetail(w, 999_999, 1, withRow(good))).statusCode).toBe(404);
  });
});
