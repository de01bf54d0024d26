import { sql } from 'drizzle-orm';
import {
  STATS_PATHS,
  type FactureListAnswer,
  type RoomingClientAnswer,
  type StatsCaAnswer,
} from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { insertReservation, insertResident } from '../../../test/fixtures/reservations-read';
import { MOIS, draft, issue, marchWorld, prepareMonthTask, facturationSuite } from './facturation.fixture';

// The books tie together (issue 39 §4): what is invoiced for a client and a month, net of its credit notes, is the
// rooming-client total of that client and month; the month's turnover in the stats is what was invoiced.

const suite = facturationSuite({ withSettings: true });

/** Σ of decimal strings, in cents. */
const cents = (amounts: string[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(Number(amount.replace('.', ''))), 0);

async function documents(clientId?: number) {
  const response = await suite.call(
    'GET',
    `/facturation/factures?pageSize=200&periodeDebut=2026-03-01&periodeFin=2026-03-31${clientId ? `&clientId=${clientId}` : ''}`,
    suite.admin,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<FactureListAnswer>();
  const issued = data.filter((d) => d.statut !== 'brouillon');
  return (
    cents(issued.filter((d) => d.type === 'facture').map((d) => d.totalHt)) -
    cents(issued.filter((d) => d.type === 'avoir').map((d) => d.totalHt))
  );
}

describe('the books', () => {
  it('net invoiced HT of a client and month = its rooming-client total; the month’s turnover = Σ invoiced HT', async () => {
    const one = await marchWorld(suite.app, 'Livre un');
    const two = await marchWorld(suite.app, 'Livre deux');
    const extra = await insertResident(suite.app, two.clientId, { nom: 'Bah', prenom: 'Ibrahim' });
    await insertReservation(suite.app, two, {
      pensionnaireId: extra.id,
      dateDebut: '2026-03-15',
      dateFin: '2026-03-18',
      night: { prixVenteHt: '61.37', dejeuner: 2, prixDejeunerHt: '9.95', diner: 1, prixDinerHt: '12.10' },
    });
    const ids = await prepareMonthTask(suite.app, suite.admin);
    expect(ids).toHaveLength(2);
    const issued = await Promise.all(ids.map((id) => issue(suite.app, suite.admin, id)));
    // A correction: two nights credited, then invoiced again at a new price.
    const corrected = issued.find((f) => f.clientId === one.clientId);
    const nights = corrected?.nuitees.slice(0, 2).map((n) => n.nuiteeId) ?? [];
    const avoir = await suite.call('POST', `/facturation/factures/${corrected?.id}/avoirs`, suite.admin, {
      motif: 'Prix',
      nuitees: nights,
    });
    expect(avoir.statusCode, avoir.body).toBe(201);
    await suite.app.db.execute(
      sql`update nuitees set prix_vente_ht = 70 where id = any(${`{${nights.join(',')}}`}::bigint[])`,
    );
    await issue(suite.app, suite.admin, (await draft(suite.app, suite.admin, one.clientId)).id);

    for (const world of [one, two]) {
      const filters = encodeURIComponent(
        JSON.stringify({ start_date: '2026-03-01', end_date: '2026-04-01', client_id: world.clientId }),
      );
      const rooming = await suite.call(
        'GET',
        `/reservationsRoomingClient?page=1&pageSize=50&filters=${filters}`,
        suite.admin,
      );
      expect(rooming.statusCode, rooming.body).toBe(200);
      expect(await documents(world.clientId)).toBe(
        cents([rooming.json<RoomingClientAnswer>().total_prix_ht]),
      );
    }
    const stats = await suite.call('GET', `${STATS_PATHS.ca}?debut=${MOIS}&fin=${MOIS}`, suite.admin);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(await documents()).toBe(cents([stats.json<StatsCaAnswer>().totaux.venteHt]));
  });
});
