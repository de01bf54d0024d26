import { formatMoney } from 'shared';
import { MOYEN_PAIEMENT_LABELS, type FactureHistoriqueEntry } from 'shared/contract';

/** A payment (green), a cancellation or a credit note (red), a draft's bookkeeping (gray); the rest blue. */
export type HistoriqueTone = 'green' | 'red' | 'gray' | 'blue';

const TONES: Record<string, HistoriqueTone> = {
  create: 'gray',
  update: 'gray',
  recalcul: 'gray',
  paiement: 'green',
  annulation_paiement: 'red',
  avoir: 'red',
};

export const historiqueTone = (entry: FactureHistoriqueEntry): HistoriqueTone =>
  TONES[entry.action] ?? 'blue';

/**
 * What a history row says after its label, from the details the API gives (GET /facturation/factures/:id/historique):
 * the number issued, a credit note's number and TTC, a payment's amount, means and reference, a cancellation's
 * reason, a sending's recipient. Empty when the row carries none.
 */
export function historiqueDetails(entry: FactureHistoriqueEntry): string {
  const parts: string[] = [];
  if (entry.numero) parts.push(entry.numero);
  if (entry.montant) {
    const moyen = [entry.moyen ? MOYEN_PAIEMENT_LABELS[entry.moyen] : null, entry.reference].filter(Boolean);
    parts.push(
      `de ${formatMoney(entry.montant)}${entry.action === 'avoir' ? ' TTC' : ''}${moyen.length > 0 ? ` (${moyen.join(', ')})` : ''}`,
    );
  }
  if (entry.destinataire) parts.push(`à ${entry.destinataire}`);
  const text = parts.join(' ');
  return entry.motif ? `${text} : ${entry.motif}` : text;
}
