import { formatMoney } from 'shared';
import { MOYEN_PAIEMENT_LABELS, parisToday, type FactureDetail } from 'shared/contract';

export interface HistoriqueEvent {
  key: string;
  /** ISO day or time, for the order and the date shown. */
  at: string;
  text: string;
  /** A payment cancelled, a credit note: shown in another colour. */
  tone?: 'red' | 'green' | 'gray';
}

/**
 * The card's history, from the dated facts the card carries: creation, issue, sending, each payment and its
 * cancellation, each credit note — oldest first. (The audit trail holds the same events with who did them; it has
 * no read route yet: docs/invoicing.md « Screens: client invoices and credit notes ».)
 */
export function historiqueOf(facture: FactureDetail): HistoriqueEvent[] {
  const kind = facture.type === 'avoir' ? 'Avoir' : 'Facture';
  const events: HistoriqueEvent[] = [
    {
      key: 'creation',
      at: facture.createdAt,
      text: facture.type === 'avoir' ? 'Avoir créé' : 'Brouillon préparé',
      tone: 'gray',
    },
  ];
  if (facture.dateEmission && facture.numero)
    events.push({
      key: 'emission',
      at: facture.dateEmission,
      text: `${kind} ${facture.numero} émis${facture.type === 'avoir' ? '' : 'e'}`,
    });
  if (facture.envoyeeAt) events.push({ key: 'envoi', at: facture.envoyeeAt, text: 'Envoyée par e-mail' });
  for (const paiement of facture.paiements) {
    events.push({
      key: `paiement-${paiement.id}`,
      at: paiement.datePaiement,
      text: `Paiement de ${formatMoney(paiement.montant)} (${MOYEN_PAIEMENT_LABELS[paiement.moyen]}${paiement.reference ? `, ${paiement.reference}` : ''})`,
      tone: 'green',
    });
    if (paiement.annuleAt)
      events.push({
        key: `annulation-${paiement.id}`,
        at: paiement.annuleAt,
        text: `Paiement de ${formatMoney(paiement.montant)} annulé : ${paiement.motifAnnulation ?? ''}`,
        tone: 'red',
      });
  }
  for (const avoir of facture.avoirs)
    events.push({
      key: `avoir-${avoir.id}`,
      at: avoir.dateEmission ?? avoir.createdAt,
      text: `Avoir ${avoir.numero ?? ''} de ${formatMoney(avoir.totalTtc)} TTC`,
      tone: 'red',
    });
  // By Paris day; within a day, in the order above (a draft is prepared before it is issued, issued before it is
  // sent or paid): issue and payments carry a day, creation and sending an instant, which a plain string order put
  // after the day's issue.
  return events.sort((a, b) => parisDayOf(a.at).localeCompare(parisDayOf(b.at)));
}

/** The Paris day of an ISO day or instant. */
const parisDayOf = (at: string): string => (at.length === 10 ? at : parisToday(new Date(at)));
