import { http, type RequestHandler } from 'msw';
import { FACTURATION_PATHS, type FacturationCompteurs } from '../../contract';
import { api, json, requireSession } from '../common/http';
import { relevesStore } from '../releves/store';
import { mockFacturation, refreshMockFacture } from './store';

/**
 * The dashboard's invoicing counters (GET /facturation/compteurs) for the standalone host and its component tests,
 * counted from the mocked lists as the API counts its lists: the invoices overdue, the hotel invoices in « écart ».
 */
export function mockFacturationCompteurs(): FacturationCompteurs {
  return {
    facturesEnRetard: mockFacturation.factures.filter(
      (facture) => facture.type === 'facture' && refreshMockFacture(facture).enRetard,
    ).length,
    facturesEtablissementsEcart: relevesStore.factures.filter((facture) => facture.etat === 'ecart').length,
  };
}

export const facturationCompteursHandlers: RequestHandler[] = [
  http.get(api(FACTURATION_PATHS.compteurs), ({ request }) => {
    const denied = requireSession(request);
    return denied ?? json(200, mockFacturationCompteurs());
  }),
];
