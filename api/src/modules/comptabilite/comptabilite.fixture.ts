/** The ledger tests' world: issued invoices of the invoicing fixture, with payments and credit notes on them. */
import type { FastifyInstance } from 'fastify';
import type { FactureDetail, FactureWritten } from 'shared/contract';
import { expect } from 'vitest';
import { caller, draft, issue, marchWorld } from '../facturation/facturation.fixture';

export { addDays } from 'shared/contract';

/** '1 234.50' style decimal strings → cents, to compare sums exactly. */
export const cents = (amount: string) => {
  const negative = amount.startsWith('-');
  const [units = '0', decimals = ''] = amount.replace('-', '').replace(',', '.').split('.');
  const value = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return negative ? -value : value;
};

/** An issued invoice of March for a new client (691.65 TTC, facturation.fixture.ts) and its world. */
export async function issuedInvoice(app: FastifyInstance, admin: string, agent: string, name: string) {
  const world = await marchWorld(app, name);
  const invoice = await issue(app, admin, (await draft(app, agent, world.clientId)).id);
  return { world, invoice };
}

export async function pay(
  app: FastifyInstance,
  token: string,
  id: number,
  montant: string,
  datePaiement: string,
): Promise<FactureDetail> {
  const response = await caller(app)('POST', `/facturation/factures/${id}/paiements`, token, {
    datePaiement,
    montant,
    moyen: 'virement',
    reference: `VIR ${id}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FactureWritten>().data;
}

/** A credit note of the invoice's first two nights (165.00 TTC with the fixture's prices). */
export async function creditTwoNights(app: FastifyInstance, admin: string, invoice: FactureDetail) {
  const response = await caller(app)('POST', `/facturation/factures/${invoice.id}/avoirs`, admin, {
    motif: 'Deux nuits non dues',
    nuitees: invoice.nuitees.slice(0, 2).map((nuitee) => nuitee.nuiteeId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FactureWritten>().data;
}
