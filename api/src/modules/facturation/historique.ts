/**
 * GET /facturation/factures/:id/historique: who did what to an invoice or a credit note, from the audit trail
 * (docs/invoicing.md « Screens: client invoices and credit notes »). Oldest first; an invoice's history holds its
 * credit notes' rows too (their sending), except their issue, which the invoice's own `avoir` row records in the
 * same transaction, by the same actor.
 */
import { eq, sql } from 'drizzle-orm';
import {
  auditActionLabel,
  FACTURATION_MESSAGES,
  FACTURE_HISTORIQUE_LABELS,
  MOYENS_PAIEMENT,
  type FactureHistoriqueEntry,
  type MoyenPaiement,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { factures } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { auditEntrySelect, historiqueEntryOf, type AuditRow } from '../reservations';

type Json = Record<string, unknown> | null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const moyenOf = (value: unknown): MoyenPaiement | null =>
  MOYENS_PAIEMENT.find((moyen) => moyen === value) ?? null;

const labelOf = (action: string): string =>
  Object.prototype.hasOwnProperty.call(FACTURE_HISTORIQUE_LABELS, action)
    ? FACTURE_HISTORIQUE_LABELS[action as keyof typeof FACTURE_HISTORIQUE_LABELS]
    : auditActionLabel(action);

/** The details a row carries, by its action (the snapshots the invoicing writes record: brouillons.ts…). */
function detailsOf(
  row: AuditRow & { document_numero: string | null },
  own: boolean,
): Pick<FactureHistoriqueEntry, 'numero' | 'montant' | 'moyen' | 'reference' | 'motif' | 'destinataire'> {
  const after: Json = row.after;
  const before: Json = row.before;
  const payment = row.action === 'annulation_paiement' ? (before ?? after) : after;
  const isPayment = row.action === 'paiement' || row.action === 'annulation_paiement';
  return {
    numero:
      row.action === 'avoir' || row.action === 'emission'
        ? text(after?.numero)
        : own
          ? null
          : row.document_numero,
    montant: isPayment ? text(payment?.montant) : row.action === 'avoir' ? text(after?.totalTtc) : null,
    moyen: isPayment ? moyenOf(payment?.moyen) : null,
    reference: isPayment ? text(payment?.reference) : null,
    motif: row.action === 'annulation_paiement' ? text(after?.motifAnnulation) : null,
    destinataire: row.action === 'envoi' ? text(after?.to) : null,
  };
}

export async function factureHistorique(db: Executor, id: number): Promise<FactureHistoriqueEntry[]> {
  const [document] = await db.select({ id: factures.id }).from(factures).where(eq(factures.id, id));
  if (document === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  const rows = await rowsOf<AuditRow & { document_numero: string | null }>(
    db,
    sql`select ${auditEntrySelect}, f.numero as document_numero
    from audit_log a join factures f on f.id::text = a.entity_id
    where a.entity = 'facture'
      and a.entity_id = any(array(select ${String(id)}
        union all select x.id::text from factures x where x.facture_origine_id = ${id}))
      and (a.entity_id = ${String(id)} or a.action <> 'emission')
    order by a.at, a.id`,
  );
  return rows.map((row) => {
    const entry = historiqueEntryOf(row);
    return {
      id: entry.id,
      date: entry.date,
      action: row.action,
      libelle: labelOf(row.action),
      acteur: entry.acteur,
      documentId: Number(row.entite_id),
      ...detailsOf(row, row.entite_id === String(id)),
    };
  });
}
