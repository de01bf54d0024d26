/**
 * Issue 39 §2: hotel statements (/releves) and the hotels' own invoices reconciled with the booked nights
 * (/factures-etablissements). See docs/api.md « Hotel statements and reconciliation » and docs/invoicing.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import factureRoutes from './facture/facture-routes';
import releveRoutes from './releve/releve-routes';

const relevesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(releveRoutes);
  await app.register(factureRoutes);
};

export default relevesRoutes;
