import { http, type RequestHandler } from 'msw';
import {
  FACTURATION_PATHS as PATHS,
  FACTURE_HISTORIQUE_LABELS,
  type FactureDetail,
  type FactureHistoriqueEntry,
} from '../../contract';
import { parisToday } from '../../contract/days';
import { api, json } from '../common/http';
import { mockUsers } from '../common/users';
import { mockFacturation, refreshMockFacture } from './store';
import { target } from './handlers';

type Acteur = FactureHistoriqueEntry['acteur'];
const acteurOf = (role: 'admin' | 'agent'): Acteur => {
  const user = mockUsers.find((u) => u.role === role)!;
  return { type: 'user', id: user.id, nom: `${user.prenom} ${user.nom}` };
};

type Action = keyof typeof FACTURE_HISTORIQUE_LABELS;

/** The instant of a mock's issue: its day at 10:00 in Paris, or now for one issued today before then. */
const issuedAt = (day: string): string => {
  const at = `${day}T09:00:00.000Z`;
  return Date.parse(at) > Date.now() ? new Date().toISOString() : at;
};

/**
 * GET /facturation/factures/:id/historique over the mock invoices: the API's audit rows, composed from the dated
 * facts each mock carries — an agent prepares, sends and records payments, an administrator issues, credits and
 * cancels (the demo's staff) — oldest first. An invoice lists its credit notes' `avoir` rows, as the API does.
 */
export function mockHistorique(facture: FactureDetail): FactureHistoriqueEntry[] {
  const rows: Omit<FactureHistoriqueEntry, 'id'>[] = [];
  const row = (action: Action, date: string, acteur: Acteur, details: Partial<FactureHistoriqueEntry> = {}) =>
    rows.push({
      date,
      action,
      libelle: FACTURE_HISTORIQUE_LABELS[action],
      acteur,
      documentId: facture.id,
      numero: null,
      montant: null,
      moyen: null,
      reference: null,
      motif: null,
      destinataire: null,
      ...details,
    });
  if (facture.type === 'facture') row('create', facture.createdAt, acteurOf('agent'));
  if (facture.numero && facture.dateEmission)
    row('emission', issuedAt(facture.dateEmission), acteurOf('admin'), { numero: facture.numero });
  if (facture.envoyeeAt) row('envoi', facture.envoyeeAt, acteurOf('agent'));
  for (const paiement of facture.paiements) {
    const payment = { montant: paiement.montant, moyen: paiement.moyen, reference: paiement.reference };
    row('paiement', paiement.createdAt, acteurOf('agent'), payment);
    if (paiement.annuleAt)
      row('annulation_paiement', paiement.annuleAt, acteurOf('admin'), {
        ...payment,
        motif: paiement.motifAnnulation,
      });
  }
  for (const avoir of mockFacturation.factures.filter((a) => a.factureOrigineId === facture.id))
    row('avoir', issuedAt(avoir.dateEmission ?? parisToday()), acteurOf('admin'), {
      numero: avoir.numero,
      montant: avoir.totalTtc,
    });
  return rows
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((entry, index) => ({ id: facture.id * 1000 + index + 1, ...entry }));
}

export const facturationHistoriqueHandlers: RequestHandler[] = [
  http.get(api(`${PATHS.factures}/:id/historique`), ({ request, params }) => {
    const facture = target(request, params.id);
    return facture instanceof Response
      ? facture
      : json(200, { historique: mockHistorique(refreshMockFacture(facture)) });
  }),
];
