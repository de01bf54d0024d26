import {
  FACTURATION_PATHS,
  RELEVES_PATHS,
  type FacturationCompteurs,
  type FactureEtablissementDetail,
  type FactureEtablissementPage,
  type FactureListAnswer,
} from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../db/audit';
import { asOf } from '../../db/today';
import { issueFacture } from './emission';
import { draft, facturationSuite, issue, marchWorld } from './facturation.fixture';

// The dashboard's invoicing counters (issue 39 §3): each is the total of the list its badge opens.

const suite = facturationSuite({ withSettings: true });

async function counters(): Promise<FacturationCompteurs> {
  const response = await suite.call('GET', FACTURATION_PATHS.compteurs, suite.agent);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FacturationCompteurs>();
}

async function totals() {
  const overdue = await suite.call(
    'GET',
    `${FACTURATION_PATHS.factures}?enRetard=true&pageSize=1`,
    suite.agent,
  );
  const ecart = await suite.call('GET', `${RELEVES_PATHS.factures}?etat=ecart&pageSize=1`, suite.agent);
  return {
    facturesEnRetard: overdue.json<FactureListAnswer>().total,
    facturesEtablissementsEcart: ecart.json<FactureEtablissementPage>().total,
  };
}

describe('GET /facturation/compteurs', () => {
  it('counts the overdue invoices and the hotel invoices in « écart », as their lists do', async () => {
    const before = await counters();
    expect(before).toEqual(await totals());

    // Issued on a past day: due 30 days later, long gone, nothing paid → overdue. One issued today is not.
    const world = await marchWorld(suite.app, 'Compteurs');
    await issueFacture(
      suite.app.db,
      SYSTEM_ACTOR,
      (await draft(suite.app, suite.admin, world.clientId)).id,
      asOf('2026-04-05'),
    );
    const other = await marchWorld(suite.app, 'Compteurs à jour');
    await issue(suite.app, suite.admin, (await draft(suite.app, suite.admin, other.clientId)).id);
    // A hotel invoice whose totals differ from the booked ones: reconciled into « écart ».
    const entered = await suite.call('POST', RELEVES_PATHS.factures, suite.agent, {
      etablissementId: world.etablissementId,
      numero: `F-${Date.now()}`,
      dateFacture: '2026-04-02',
      periodeDebut: '2026-03-01',
      periodeFin: '2026-04-01',
      totalHt: '1.00',
      totalTva: '0.10',
      totalTtc: '1.10',
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const invoice = entered.json<{ data: FactureEtablissementDetail }>().data;
    const reconciled = await suite.call(
      'POST',
      RELEVES_PATHS.rapprochement.replace(':id', String(invoice.id)),
      suite.agent,
      { version: invoice.version },
    );
    expect(reconciled.statusCode, reconciled.body).toBe(200);

    const after = await counters();
    expect(after).toEqual({
      facturesEnRetard: before.facturesEnRetard + 1,
      facturesEtablissementsEcart: before.facturesEtablissementsEcart + 1,
    });
    expect(after).toEqual(await totals());
  });

  it('is for signed-in users only', async () => {
    const response = await suite.app.inject({ method: 'GET', url: `/api${FACTURATION_PATHS.compteurs}` });
    expect(response.statusCode).toBe(401);
  });
});
