import { sql } from 'drizzle-orm';
import { FACTURATION_MESSAGES, PARAMETRES_OBLIGATOIRES, addDays, type FactureWritten } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { insertReservation, insertResident, insertWorld } from '../../../test/fixtures/reservations-read';
import { rowsOf } from '../../db/raw';
import { parseCiiInvoice, readFacturXXml } from '../../lib/facturx';
import { describeValidation, validateCii } from '../../lib/facturx/validation/validate-cii';
import { todayOf } from '../../db/today';
import { SETTINGS, draft, issue, marchWorld, saveSettings, facturationSuite } from './facturation.fixture';

const suite = facturationSuite();

describe('issuing an invoice', () => {
  it('answers 409 naming the missing seller settings, and writes nothing', async () => {
    const world = await marchWorld(suite.app, 'Sans parametres');
    const data = await draft(suite.app, suite.agent, world.clientId);
    const response = await suite.call('POST', `/facturation/factures/${data.id}/emission`, suite.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      FACTURATION_MESSAGES.settingsMissing(Object.values(PARAMETRES_OBLIGATOIRES)),
    );
    expect(await rowsOf(suite.app.db, sql`select * from facture_compteurs`)).toEqual([]);
    expect(
      (await suite.call('GET', `/facturation/factures/${data.id}`, suite.agent)).json<{ statut: string }>()
        .statut,
    ).toBe('brouillon');
  });

  it('is for administrators; the settings are theirs too', async () => {
    expect((await suite.call('PUT', '/facturation/parametres', suite.agent, SETTINGS)).statusCode).toBe(403);
    await saveSettings(suite.app, suite.admin);
    const settings = await suite.call('GET', '/facturation/parametres', suite.agent);
    expect(settings.json()).toMatchObject({
      siren: '123456789',
      indemniteRecouvrement: '40.00',
      manquants: [],
    });
    const world = await marchWorld(suite.app, 'Agent');
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect(
      (await suite.call('POST', `/facturation/factures/${data.id}/emission`, suite.agent)).statusCode,
    ).toBe(403);
  });

  it('numbers it FA-YYYY-NNNNNN and freezes its document with the mandatory mentions', async () => {
    await saveSettings(suite.app, suite.admin);
    const world = await marchWorld(suite.app, 'Emission');
    const data = await draft(suite.app, suite.agent, world.clientId);
    const issued = await issue(suite.app, suite.admin, data.id);
    const today = await todayOf(suite.app.db);
    expect(issued.numero).toMatch(new RegExp(`^FA-${today.slice(0, 4)}-\\d{6}$`));
    expect(issued).toMatchObject({ statut: 'emise', dateEmission: today, dateEcheance: addDays(today, 30) });
    const document = issued.document;
    expect(document).toMatchObject({
      type: 'facture',
      numero: issued.numero,
      periode: { debut: '2026-03-01', fin: '2026-03-31' },
      vendeur: { raisonSociale: SETTINGS.raisonSociale, siren: '123456789', siret: '12345678900017' },
      acheteur: {
        raisonSociale: world.clientNom,
        adresse: { ville: 'Lyon', codePostal: '69002', pays: 'FR' },
      },
      tva: [
        { tauxTva: '5.50', categorieTva: 'S', baseHt: '30.00', montantTva: '1.65' },
        { tauxTva: '10.00', categorieTva: 'S', baseHt: '600.00', montantTva: '60.00' },
      ],
      totaux: {
        totalHt: '630.00',
        totalTva: '61.65',
        totalTtc: '691.65',
        dejaPaye: '0.00',
        netAPayer: '691.65',
      },
    });
    expect(document?.lignes.map((l) => [l.numero, l.quantite, l.unite, l.montantHt])).toEqual([
      [1, '8', 'DAY', '600.00'],
      [2, '4', 'C62', '30.00'],
    ]);
    expect(document?.penalitesRetard).toContain('12,15 %');
    expect(document?.indemniteRecouvrement).toContain('40,00 €');
    expect(document?.annexe).toHaveLength(2);
    expect(document?.mentions).toEqual([]);
  });

  it('carries the exemption mention when a rate is 0', async () => {
    await saveSettings(suite.app, suite.admin);
    const world = await insertWorld(suite.app, { client: `Exonere ${Date.now()}` });
    const resident = await insertResident(suite.app, world.clientId);
    await insertReservation(suite.app, world, {
      pensionnaireId: resident.id,
      dateDebut: '2026-03-05',
      dateFin: '2026-03-07',
      night: { tauxTvaNuitee: '0.00' },
    });
    const issued = await issue(
      suite.app,
      suite.admin,
      (await draft(suite.app, suite.agent, world.clientId)).id,
    );
    expect(issued.document?.tva).toEqual([
      expect.objectContaining({
        tauxTva: '0.00',
        categorieTva: 'E',
        montantTva: '0.00',
        motifExoneration: expect.any(String),
      }),
    ]);
    expect(issued.document?.lignes[0]?.categorieTva).toBe('E');
    expect(issued.document?.mentions).toHaveLength(1);
  });

  it('is never edited, recomputed nor deleted once issued (409), and the database refuses it too', async () => {
    await saveSettings(suite.app, suite.admin);
    const world = await marchWorld(suite.app, 'Immuable');
    const issued = await issue(
      suite.app,
      suite.admin,
      (await draft(suite.app, suite.agent, world.clientId)).id,
    );
    const notDraft = FACTURATION_MESSAGES.notDraft(issued.numero ?? '');
    for (const [method, url, body] of [
      ['PUT', `/facturation/factures/${issued.id}`, { dateEcheance: null }],
      ['POST', `/facturation/factures/${issued.id}/recalcul`, undefined],
      ['DELETE', `/facturation/factures/${issued.id}`, undefined],
      ['POST', `/facturation/factures/${issued.id}/emission`, undefined],
    ] as const) {
      const response = await suite.call(method, url, suite.admin, body);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(notDraft);
    }
    await expect(
      suite.app.db.execute(
        sql`update factures set total_ht = 0, total_ttc = total_tva where id = ${issued.id}`,
      ),
    ).rejects.toThrow();
    await expect(suite.app.db.execute(sql`delete from factures where id = ${issued.id}`)).rejects.toThrow();
    await expect(
      suite.app.db.execute(sql`update facture_lignes set libelle = 'x' where facture_id = ${issued.id}`),
    ).rejects.toThrow();
    await expect(
      suite.app.db.execute(sql`delete from facture_nuitees where facture_id = ${issued.id}`),
    ).rejects.toThrow();
    const after = await suite.call('GET', `/facturation/factures/${issued.id}`, suite.agent);
    expect(after.json<FactureWritten['data']>()).toMatchObject({ totalHt: '630.00', numero: issued.numero });
  });

  it('gives 50 concurrent issues 50 consecutive numbers', async () => {
    await saveSettings(suite.app, suite.admin);
    const world = await insertWorld(suite.app, { client: `Cinquante ${Date.now()}` });
    const resident = await insertResident(suite.app, world.clientId);
    await insertReservation(suite.app, world, {
      pensionnaireId: resident.id,
      dateDebut: '2026-05-01',
      dateFin: '2026-06-20',
    });
    const ids: number[] = [];
    for (let day = 0; day < 50; day += 1) {
      const date = addDays('2026-05-01', day);
      const response = await suite.call('POST', '/facturation/factures', suite.agent, {
        clientId: world.clientId,
        periodeDebut: date,
        periodeFin: date,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<FactureWritten>().data.id);
    }
    const answers = await Promise.all(
      ids.map((id) => suite.call('POST', `/facturation/factures/${id}/emission`, suite.admin)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const numbers = answers
      .map((a) => Number(a.json<FactureWritten>().data.numero?.slice(-6)))
      .sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(numbers.map((_, index) => first + index));
    const counter = await rowsOf<{ dernier: number }>(
      suite.app.db,
      sql`select dernier from facture_compteurs where type = 'facture'`,
    );
    expect(counter[0]?.dernier).toBe(first + 49);
  });
});

describe('the Factur-X files kept at issue', () => {
  it('serves the PDF with its CII XML inside and the XML alone, valid EN 16931, for an invoice and its credit note', async () => {
    await saveSettings(suite.app, suite.admin);
    const world = await marchWorld(suite.app, 'Fichiers');
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect((await suite.call('GET', `/facturation/factures/${data.id}/pdf`, suite.agent)).statusCode).toBe(
      409,
    );
    const invoice = await issue(suite.app, suite.admin, data.id);
    const credited = await suite.call('POST', `/facturation/factures/${invoice.id}/avoirs`, suite.admin, {
      motif: 'Erreur de prix',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const avoir = credited.json<FactureWritten>().data;
    for (const [document, typeCode] of [
      [invoice, '380'],
      [avoir, '381'],
    ] as const) {
      const pdf = await suite.call('GET', `/facturation/factures/${document.id}/pdf`, suite.agent);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`inline; filename="${document.numero}.pdf"`);
      const xml = await suite.call('GET', `/facturation/factures/${document.id}/xml`, suite.agent);
      expect(xml.statusCode).toBe(200);
      expect(await readFacturXXml(pdf.rawPayload)).toBe(xml.body);
      const parsed = parseCiiInvoice(xml.body);
      expect([parsed.numero, parsed.typeCode, parsed.totaux.totalTtc]).toEqual([
        document.numero,
        typeCode,
        document.totalTtc,
      ]);
      const validation = await validateCii(xml.body);
      expect([validation.xsdErrors, validation.schematronErrors], describeValidation(validation)).toEqual([
        [],
        [],
      ]);
    }
    expect((await suite.call('GET', '/facturation/factures/999999/xml', suite.agent)).statusCode).toBe(404);
  });
});
