import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReservationItem } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/raw';
import { selectReservationItems } from '../reservation-items';
import { listReservations } from './list-service';
import { addDays, insertScenario, today, type Scenario } from '../../../../test/fixtures/reservations-read';

/**
 * The items each stay keeps as JSON text (`reservations_items`, migration 0021), which the list's pages are made of:
 * after every kind of write that changes what an item shows, the list answers what `reservationItemSelect` reads
 * from the tables now (`listedItems` compares every stay). The tests fail without the triggers of 0021. The names
 * come from the texts their rows give (`item_json`, generated columns of migration 0023).
 */
let app: FastifyInstance;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  s = await insertScenario(app);
});
afterAll(() => app.close());

/** Every stay of the list, read from the kept items, once checked equal to the same stays read from the tables. */
async function listedItems(): Promise<Map<number, ReservationItem>> {
  const page = { page: 1, pageSize: 100, sort: 'id', order: 'asc' } as const;
  const { reservations } = await listReservations(app.db, page);
  const read = await selectReservationItems(app.db, {}, { limit: 100, offset: 0, sort: 'id', order: 'asc' });
  expect(reservations).toEqual(read);
  expect(reservations.length).toBeGreaterThan(0);
  return new Map(reservations.map((item) => [item.id, item]));
}

const itemOf = async (id: number) => (await listedItems()).get(id)!;

describe('the items kept for the list', () => {
  it('are written with every stay inserted and follow its own columns', async () => {
    expect((await itemOf(s.s3.id)).chambre).toBe('101');
    await app.db.execute(sql`update reservations set chambre = '7', apec = true where id = ${s.s3.id}`);
    expect(await itemOf(s.s3.id)).toMatchObject({ chambre: '7', apec: true });
  });

  it('show the resident, client, hotel and room type as they are named now, without rewriting a text', async () => {
    const texts = sql`select xmin::text, debut_json from reservations_items where id = ${s.s1.id}`;
    const before = await rowsOf(app.db, texts);
    await app.db.execute(
      sql`update pensionnaires set nom = 'Diallo-Sy', prenom = 'Awa', numero_dossier = 'AX-9' where id = ${s.diallo.id}`,
    );
    expect(await itemOf(s.s1.id)).toMatchObject({
      pensionnaire_nom: 'Diallo-Sy',
      pensionnaire_prenom: 'Awa',
      numero_dossier: 'AX-9',
    });
    await app.db.execute(sql`update clients set nom = 'Association Alpha bis' where id = ${s.a.clientId}`);
    expect((await itemOf(s.s1.id)).client_nom).toBe('Association Alpha bis');
    await app.db.execute(
      sql`update etablissements set nom = 'Hôtel Zénith II', ville = 'Lyon' where id = ${s.a.etablissementId}`,
    );
    expect(await itemOf(s.s1.id)).toMatchObject({
      etablissement_nom: 'Hôtel Zénith II',
      etablissement_ville: 'Lyon',
    });
    await app.db.execute(sql`update types_chambre set libelle = 'Double' where id = ${s.a.typeChambreId}`);
    expect((await itemOf(s.s1.id)).type_chambre_libelle).toBe('Double');
    // Names JSON must escape: the texts the rows give (`item_json`, migration 0023) are JSON strings.
    const odd = 'O\'Neil « "Sy" » \\ \t 東京 😀';
    await app.db.execute(sql`update pensionnaires set prenom = ${odd} where id = ${s.diallo.id}`);
    await app.db.execute(sql`update etablissements set ville = ${odd} where id = ${s.a.etablissementId}`);
    expect(await itemOf(s.s1.id)).toMatchObject({ pensionnaire_prenom: odd, etablissement_ville: odd });
    expect(await rowsOf(app.db, texts)).toEqual(before);
  });

  it('follow a stay given another room type', async () => {
    await app.db.execute(
      sql`update reservations set type_chambre_id = ${s.b.typeChambreId} where id = ${s.s7.id}`,
    );
    const item = await itemOf(s.s7.id);
    expect(item.type_chambre_id).toBe(s.b.typeChambreId);
    expect(item.type_chambre_id).not.toBe(s.a.typeChambreId);
  });

  it('follow a contract’s alert delay and an extension made or cancelled, « prolongable » for the day', async () => {
    // s4: running, leaving in 3 days; the larger delay of its contracts is 4 (client 2, hotel 4).
    expect((await itemOf(s.s4.id)).prolongable).toBe(true);
    await app.db.execute(
      sql`update contrats_etablissement set delai_alerte_jours = 3 where id = ${s.a.contratEtablissementId}`,
    );
    expect((await itemOf(s.s4.id)).prolongable).toBe(true); // date_fin = today + delay: the window's last day
    await app.db.execute(
      sql`update contrats_etablissement set delai_alerte_jours = 2 where id = ${s.a.contratEtablissementId}`,
    );
    expect((await itemOf(s.s4.id)).prolongable).toBe(false);
    // s5 leaves today, extended by s6: not prolongable; s6 cancelled, it is again (date_fin = today: the window's first day).
    expect((await itemOf(s.s5.id)).prolongable).toBe(false);
    await app.db.execute(
      sql`update reservations set statut = 'annulee', annulee_at = now() where id = ${s.s6.id}`,
    );
    expect(await itemOf(s.s5.id)).toMatchObject({ prolongee_par_id: null, prolongable: true });
    // Past its end (s2 left 3 days ago), never, whatever its status.
    await app.db.execute(sql`update reservations set statut = 'en_cours' where id = ${s.s2.id}`);
    expect(await itemOf(s.s2.id)).toMatchObject({
      statut: 'en_cours',
      date_fin: addDays(today, -3),
      prolongable: false,
    });
  });

  it('go with the stay deleted', async () => {
    await app.db.execute(sql`delete from reservations where id = ${s.s7.id}`);
    expect((await listedItems()).has(s.s7.id)).toBe(false);
    expect(await rowsOf(app.db, sql`select id from reservations_items where id = ${s.s7.id}`)).toEqual([]);
  });
});
