import { FACTURATION_MESSAGES, type FactureDetail, type FactureWritten } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertReservation, insertResident } from '../../../test/fixtures/reservations-read';
import { rowsOf } from '../../db/raw';
import { MOIS, draft, marchWorld, prepareMonthTask, facturationSuite } from './facturation.fixture';

const suite = facturationSuite();

const audits = (id: number) =>
  rowsOf<{ action: string }>(
    suite.app.db,
    sql`select action from audit_log where entity = 'facture' and entity_id = ${String(id)} order by id`,
  );

describe('a draft', () => {
  it('bills the month’s nights not invoiced, grouped hotel × room type × price × rate, meals on their own lines', async () => {
    const world = await marchWorld(suite.app, 'Brouillon');
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect(data).toMatchObject({
      statut: 'brouillon',
      numero: null,
      periodeDebut: '2026-03-01',
      periodeFin: '2026-03-31',
    });
    expect(
      data.lignes.map((l) => [l.numero, l.nature, l.quantite, l.prixUnitaireHt, l.montantHt, l.tauxTva]),
    ).toEqual([
      [1, 'nuitee', 8, '75.00', '600.00', '10.00'],
      [2, 'petit_dejeuner', 4, '7.50', '30.00', '5.50'],
    ]);
    expect(data.lignes[0]?.libelle).toContain(world.etablissementNom);
    // VAT per rate on the total: 600 × 10 % = 60.00, 30 × 5.5 % = 1.65.
    expect(data).toMatchObject({ totalHt: '630.00', totalTva: '61.65', totalTtc: '691.65' });
    expect(data.annexe.map((s) => [s.pensionnaire, s.dateDebut, s.dateFin, s.nuits, s.montantHt])).toEqual([
      ['Koné Awa', '2026-03-02', '2026-03-06', 4, '300.00'],
      ['Traoré Moussa', '2026-03-28', '2026-04-01', 4, '330.00'],
    ]);
    expect(await audits(data.id)).toEqual([{ action: 'create' }]);
  });

  it('answers 409 when every night of the period is already held, and nothing is written', async () => {
    const world = await marchWorld(suite.app, 'Deux fois');
    await draft(suite.app, suite.agent, world.clientId);
    const before = await rowsOf<{ n: number }>(suite.app.db, sql`select count(*)::int as n from factures`);
    const again = await suite.call('POST', '/facturation/factures', suite.agent, {
      clientId: world.clientId,
      mois: MOIS,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(FACTURATION_MESSAGES.noNights(world.clientNom));
    expect(await rowsOf(suite.app.db, sql`select count(*)::int as n from factures`)).toEqual(before);
  });

  it('of two concurrent builds for the same client and month, one wins and the other gets 409', async () => {
    const world = await marchWorld(suite.app, 'Concurrence');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        suite.call('POST', '/facturation/factures', suite.agent, { clientId: world.clientId, mois: MOIS }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const held = await rowsOf<{ n: number; f: number }>(
      suite.app.db,
      sql`select count(*)::int as n, count(distinct fn.facture_id)::int as f from facture_nuitees fn
        join factures f on f.id = fn.facture_id where f.client_id = ${world.clientId}`,
    );
    expect(held).toEqual([{ n: 8, f: 1 }]);
  });

  it('bills the nights a cancelled stay kept, never a cancelled night, and only the period’s', async () => {
    const world = await marchWorld(suite.app, 'Annulation');
    const lea = await insertResident(suite.app, world.clientId, { nom: 'Durand', prenom: 'Léa' });
    await insertReservation(suite.app, world, {
      pensionnaireId: lea.id,
      dateDebut: '2026-03-10',
      dateFin: '2026-03-13',
      statut: 'annulee',
      // The no-show night stays billable (annulee = false); the two others are cancelled.
      nights: { '2026-03-10': { annulee: false } },
    });
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect(data.annexe.find((s) => s.pensionnaire === 'Durand Léa')).toMatchObject({
      nuits: 1,
      montantHt: '75.00',
    });
    expect(data.lignes[0]?.quantite).toBe(9);
    const april = await draft(suite.app, suite.agent, world.clientId, '2026-04');
    expect(april.annexe.map((s) => [s.pensionnaire, s.nuits])).toEqual([['Traoré Moussa', 2]]);
  });

  it('is edited (due date, reference, notes), recomputed and deleted, its nights then free again', async () => {
    const world = await marchWorld(suite.app, 'Edition');
    const data = await draft(suite.app, suite.agent, world.clientId);
    const edited = await suite.call('PUT', `/facturation/factures/${data.id}`, suite.agent, {
      dateEcheance: '2026-12-31',
      referenceAcheteur: 'BC-2026-77',
      notes: 'Marché 2026',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<FactureWritten>().data).toMatchObject({
      dateEcheance: '2026-12-31',
      referenceAcheteur: 'BC-2026-77',
    });
    await suite.app.db.execute(
      sql`update nuitees set prix_vente_ht = 80 where reservation_id = ${world.stays[0]}`,
    );
    const recomputed = await suite.call('POST', `/facturation/factures/${data.id}/recalcul`, suite.agent);
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect(recomputed.json<FactureWritten>().data.totalHt).toBe('650.00');
    const removed = await suite.call('DELETE', `/facturation/factures/${data.id}`, suite.agent);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await suite.call('GET', `/facturation/factures/${data.id}`, suite.agent)).statusCode).toBe(404);
    expect(await audits(data.id)).toEqual([
      { action: 'create' },
      { action: 'update' },
      { action: 'recalcul' },
      { action: 'suppression' },
    ]);
    const again: FactureDetail = await draft(suite.app, suite.agent, world.clientId);
    expect(again.totalHt).toBe('650.00');
  });

  it('refuses an unknown field, a bad period and an unknown client', async () => {
    const world = await marchWorld(suite.app, 'Refus');
    expect(
      (
        await suite.call('POST', '/facturation/factures', suite.agent, {
          clientId: world.clientId,
          mois: MOIS,
          x: 1,
        })
      ).statusCode,
    ).toBe(400);
    const period = await suite.call('POST', '/facturation/factures', suite.agent, {
      clientId: world.clientId,
      periodeDebut: '2026-03-10',
      periodeFin: '2026-03-01',
    });
    expect(period.statusCode).toBe(400);
    expect(period.json<{ message: string }>().message).toBe(FACTURATION_MESSAGES.periodInvalid);
    expect(
      (await suite.call('POST', '/facturation/factures', suite.agent, { clientId: 999999, mois: MOIS }))
        .statusCode,
    ).toBe(404);
  });

  it('lists with filters and pages', async () => {
    const world = await marchWorld(suite.app, 'Liste');
    await draft(suite.app, suite.agent, world.clientId);
    await draft(suite.app, suite.agent, world.clientId, '2026-04');
    const page = await suite.call(
      'GET',
      `/facturation/factures?clientId=${world.clientId}&pageSize=1&sort=createdAt&order=asc`,
      suite.agent,
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ data: { periodeDebut: string; statutLibelle: string }[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ periodeDebut: '2026-03-01', statutLibelle: 'Brouillon' });
    const filtered = await suite.call(
      'GET',
      `/facturation/factures?clientId=${world.clientId}&periodeDebut=2026-04-01`,
      suite.agent,
    );
    expect(filtered.json<{ total: number }>().total).toBe(1);
  });
});

describe('preparing the month for every client', () => {
  it('is a background task making a draft for each client with nights left, skipping the others', async () => {
    const one = await marchWorld(suite.app, 'Lot un');
    const two = await marchWorld(suite.app, 'Lot deux');
    await draft(suite.app, suite.agent, one.clientId);
    expect(
      (await suite.call('POST', '/facturation/preparation', suite.agent, { mois: MOIS })).statusCode,
    ).toBe(403);
    const ids = await prepareMonthTask(suite.app, suite.admin);
    const [task] = await rowsOf<{ progression: number; type: string }>(
      suite.app.db,
      sql`select progression, type from tasks order by id desc limit 1`,
    );
    expect(task).toEqual({ progression: 100, type: 'preparation_factures' });
    const clients = await rowsOf<{ client_id: number }>(
      suite.app.db,
      sql`select client_id from factures where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(clients.map((c) => c.client_id)).toContain(two.clientId);
    expect(clients.map((c) => c.client_id)).not.toContain(one.clientId);
  });
});
