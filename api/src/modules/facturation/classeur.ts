/**
 * An issued invoice's or credit note's lines as a workbook, for clients who ask (docs/invoicing.md « The workbook of
 * an invoice »): read from the frozen document, like the PDF, so its figures are the invoice's to the cent. Sheet
 * « Lignes »: the lines, then the VAT per rate and the totals; sheet « Annexe »: the stays. A draft has none (409):
 * what a client receives is the issued document.
 */
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { FACTURATION_MESSAGES, FILE_MEDIA_TYPES, frenchDate } from 'shared/contract';
import type { DocumentAnnexeSejour, DocumentLigne, FactureDocument } from 'shared/contract/facture-document';
import type { Executor } from '../../db/client';
import { oneOf } from '../../db/raw';
import { ConflictError, NotFoundError } from '../../errors';
import { startExcelWorkbook, type FooterCell } from '../../lib/exports/export-excel';
import type { RenderedFile } from '../../lib/exports/export-send';
import type { ExportColumn } from '../../lib/exports/export-types';

const LIGNES: ExportColumn<DocumentLigne>[] = [
  { header: 'N°', width: 6, kind: 'integer', value: (ligne) => ligne.numero },
  { header: 'Désignation', width: 48, kind: 'text', value: (ligne) => ligne.libelle },
  { header: 'Quantité', width: 10, kind: 'integer', value: (ligne) => Number(ligne.quantite) },
  { header: 'Unité', width: 10, kind: 'text', value: (ligne) => (ligne.unite === 'DAY' ? 'nuit' : 'unité') },
  { header: 'Prix unitaire HT', width: 16, kind: 'money', value: (ligne) => ligne.prixUnitaireHt },
  { header: 'Montant HT', width: 16, kind: 'money', value: (ligne) => ligne.montantHt },
  { header: 'Taux TVA (%)', width: 12, kind: 'integer', value: (ligne) => Number(ligne.tauxTva) },
];

const ANNEXE: ExportColumn<DocumentAnnexeSejour>[] = [
  { header: 'Réservation', width: 12, kind: 'integer', value: (sejour) => sejour.reservationId },
  { header: 'Pensionnaire', width: 30, kind: 'text', value: (sejour) => sejour.pensionnaire },
  { header: 'Établissement', width: 30, kind: 'text', value: (sejour) => sejour.etablissement },
  { header: 'Du', width: 12, kind: 'date', value: (sejour) => sejour.dateDebut },
  { header: 'Au', width: 12, kind: 'date', value: (sejour) => sejour.dateFin },
  { header: 'Nuits', width: 8, kind: 'integer', value: (sejour) => sejour.nuits },
  { header: 'Montant HT', width: 16, kind: 'money', value: (sejour) => sejour.montantHt },
];

/** The closing block of the lines' sheet: amounts in the « Montant HT » column (the sixth). */
const amountRow = (label: string, amount: string, base?: string): FooterCell[] => [
  '',
  label,
  '',
  '',
  base === undefined ? '' : { money: base },
  { money: amount },
];

/** '120.50' → 12050: the annex is summed in integer cents. */
const cents = (amount: string) => {
  const [units = '0', decimals = ''] = amount.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
};
const fromCents = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;

export async function readFactureDocument(db: Executor, id: number): Promise<FactureDocument> {
  const row = await oneOf<{ document: FactureDocument | null }>(
    db,
    sql`select document from factures where id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  if (row.document === null) throw new ConflictError(FACTURATION_MESSAGES.notIssued);
  return row.document;
}

export const classeurFileName = (document: FactureDocument) => `${document.numero}.xlsx`;

export function classeurFile(document: FactureDocument): RenderedFile {
  const stream = new PassThrough();
  const workbook = startExcelWorkbook(stream);
  const lignes = workbook.addSheet('Lignes', LIGNES);
  lignes.addRows(document.lignes);
  const titre = `${document.type === 'avoir' ? 'Avoir' : 'Facture'} ${document.numero} du ${frenchDate(document.dateEmission)}`;
  lignes.addFooter([
    [],
    ...document.tva.map((tva) =>
      amountRow(`TVA ${tva.tauxTva.replace('.', ',')} % (base HT, TVA)`, tva.montantTva, tva.baseHt),
    ),
    amountRow('Total HT', document.totaux.totalHt),
    amountRow('Total TVA', document.totaux.totalTva),
    amountRow('Total TTC', document.totaux.totalTtc),
    [],
    ['', titre],
    [
      '',
      `${document.acheteur.raisonSociale} — période du ${frenchDate(document.periode.debut)} au ${frenchDate(document.periode.fin)}`,
    ],
    ...(document.factureReference === undefined
      ? []
      : [['', `Avoir sur la facture ${document.factureReference.numero}`]]),
  ]);
  const annexe = workbook.addSheet('Annexe', ANNEXE);
  annexe.addRows(document.annexe);
  const nuits = document.annexe.reduce((sum, sejour) => sum + sejour.nuits, 0);
  const total = document.annexe.reduce((sum, sejour) => sum + cents(sejour.montantHt), 0);
  annexe.addFooter([[], ['Total', '', '', '', '', nuits, { money: fromCents(total) }]]);
  workbook.finish().catch((error: unknown) => stream.destroy(error as Error));
  return { contentType: FILE_MEDIA_TYPES.xlsx, stream };
}
