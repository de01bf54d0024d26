import { http, type RequestHandler } from 'msw';
import { FACTURATION_PATHS, type FacturationCompteurs } from '../../contract';
import { api, json, requireSession } from '../common/http';

/**
 * The dashboard's invoicing counters (GET /facturation/compteurs) for the standalone host and its component tests:
 * two invoices overdue, one hotel invoice in « écart ». The invoicing lists' own mocks, when they come, should
 * count these from their data, as the API counts its lists.
 */
export const mockFacturationCompteurs: FacturationCompteurs = {
  facturesEnRetard: 2,
  facturesEtablissementsEcart: 1,
};

export const facturationCompteursHandlers: RequestHandler[] = [
  http.get(api(FACTURATION_PATHS.compteurs), ({ request }) => {
    const denied = requireSession(request);
    return denied ?? json(200, mockFacturationCompteurs);
  }),
];
