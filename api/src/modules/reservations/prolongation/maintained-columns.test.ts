/**
 * The two facts kept on each stay by the triggers of migration 0017 — `prolongee_par_id` (its non-cancelled
 * extension) and `delai_alerte_jours` (the larger alert delay of its two contracts) — follow every write that
 * changes what they derive from, made by the API or in SQL, and always equal the value read from the source rows.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { insertScenario, type Scenario } from '../../../../test/fixtures/reservations-read';
import { rowsOf } from '../../../db/raw';

let app: FastifyInstance;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  s = await insertScenario(app);
});
afterAll(() => app.close());

async function kept(id: number): Promise<{ prolongee_par_id: number | null; delai_alerte_jours: number }> {
  const [row] = await rowsOf<{ prolongee_par_id: number | null; delai_alerte_jours: number }>(
    app.db,
    sql`select prolongee_par_id, delai_alerte_jours from reservations where id = ${id}`,
  );
  return row!;
}

/** The stays whose kept facts differ from the ones read from their extension and contracts. */
async function drifted(): Promise<unknown[]> {
  return rowsOf(
    app.db,
    sql`select r.id, r.prolongee_par_id, r.delai_alerte_jours from reservations r
      join contrats_clients cc on cc.id = r.contrat_client_id
      join contrats_etablissement ce on ce.id = r.contrat_etablissement_id
      where r.delai_alerte_jours <> greatest(cc.delai_alerte_jours, ce.delai_alerte_jours)
        or r.prolongee_par_id is distinct from (select x.id from reservations x
          where x.prolongation_de_id = r.id and x.statut <> 'annulee')`,
  );
}

describe('the facts kept on each stay (migration 0017)', () => {
  it('hold for every stay of the scenario as inserted', async () => {
    expect(await drifted()).toEqual([]);
    expect((await kept(s.s5.id)).prolongee_par_id).toBe(s.s6.id);
    expect((await kept(s.s1.id)).prolongee_par_id).toBeNull();
  });

  it('follow an extension cancelled, restored, moved to another stay and deleted', async () => {
    await app.db.execute(
      sql`update reservations set statut = 'annulee', annulee_at = now() where id = ${s.s6.id}`,
    );
    expect((await kept(s.s5.id)).prolongee_par_id).toBeNull();
    expect(await drifted()).toEqual([]);
    await app.db.execute(
      sql`update reservations set statut = 'en_attente', annulee_at = null where id = ${s.s6.id}`,
    );
    expect((await kept(s.s5.id)).prolongee_par_id).toBe(s.s6.id);
    // A change of status that keeps the extension standing rewrites nothing.
    await app.db.execute(sql`update reservations set statut = 'confirmee' where id = ${s.s6.id}`);
    expect((await kept(s.s5.id)).prolongee_par_id).toBe(s.s6.id);
    const [copy] = await rowsOf<{ id: number }>(
      app.db,
      sql`insert into reservations (id_reservation_mere, pensionnaire_id, client_id, contrat_client_id,
          etablissement_id, contrat_etablissement_id, type_chambre_id, date_debut, date_fin, statut, type_resa,
          prolongation_de_id)
        select id_reservation_mere, pensionnaire_id, client_id, contrat_client_id, etablissement_id,
          contrat_etablissement_id, type_chambre_id, date_fin + 10, date_fin + 12, 'en_attente', 'prolongation', id
        from reservations where id = ${s.s6.id} returning id`,
    );
    expect((await kept(s.s6.id)).prolongee_par_id).toBe(copy!.id);
    await app.db.execute(sql`delete from reservations where id = ${copy!.id}`);
    expect((await kept(s.s6.id)).prolongee_par_id).toBeNull();
    expect(await drifted()).toEqual([]);
  });

  it('follow a contract whose delay changes, a stay moved to another contract, and refuse a direct write', async () => {
    const [contracts] = await rowsOf<{ cc: number; ce: number; dcc: number; dce: number }>(
      app.db,
      sql`select cc.id as cc, ce.id as ce, cc.delai_alerte_jours as dcc, ce.delai_alerte_jours as dce
        from reservations r join contrats_clients cc on cc.id = r.contrat_client_id
        join contrats_etablissement ce on ce.id = r.contrat_etablissement_id where r.id = ${s.s4.id}`,
    );
    const { cc, ce, dcc, dce } = contracts!;
    await app.db.execute(sql`update contrats_clients set delai_alerte_jours = 9 where id = ${cc}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(Math.max(9, dce));
    await app.db.execute(sql`update contrats_etablissement set delai_alerte_jours = 11 where id = ${ce}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(11);
    expect(await drifted()).toEqual([]);
    await app.db.execute(sql`update contrats_clients set delai_alerte_jours = ${dcc} where id = ${cc}`);
    await app.db.execute(sql`update contrats_etablissement set delai_alerte_jours = ${dce} where id = ${ce}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(Math.max(dcc, dce));

    // The column only ever holds its contracts' value.
    await app.db.execute(sql`update reservations set delai_alerte_jours = 99 where id = ${s.s4.id}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(Math.max(dcc, dce));

    // Another sale contract of the same client, with a longer delay.
    const [other] = await rowsOf<{ id: number }>(
      app.db,
      sql`insert into contrats_clients (client_id, reference, date_debut, date_fin, mode_tarification,
          taux_tva_nuitee, taux_tva_repas, delai_alerte_jours)
        select client_id, reference || '-bis', date_debut, date_fin, mode_tarification, taux_tva_nuitee,
          taux_tva_repas, 30
        from contrats_clients where id = ${cc} returning id`,
    );
    await app.db.execute(sql`update reservations set contrat_client_id = ${other!.id} where id = ${s.s4.id}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(30);
    expect(await drifted()).toEqual([]);
    await app.db.execute(sql`update reservations set contrat_client_id = ${cc} where id = ${s.s4.id}`);
    expect((await kept(s.s4.id)).delai_alerte_jours).toBe(Math.max(dcc, dce));
  });
});
