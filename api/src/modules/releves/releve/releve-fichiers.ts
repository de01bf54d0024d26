/**
 * The statement as files. PDF: the annex (one row per stay) as the table, and the invoice lines, the VAT per rate
 * and the totals as its closing block. XLSX: one row per night and per meal kind served, under exactly the headers a
 * hotel invoice's detail file takes (COLONNES_DETAIL), then the same closing block after an empty row — so the
 * workbook we send a hotel is also a detail file it can send back (docs/invoicing.md).
 */
import { sql } from 'drizzle-orm';
import {
  COLONNES_DETAIL,
  PRESTATION_LABELS,
  type FileExtension,
  type Prestation,
  type ReleveEtablissement,
  type ReleveSejour,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { frenchDate } from '../../../lib/days';
import type { ExportColumn } from '../../../lib/exports/export-types';
import { renderFile, type RenderedFile, type TotalRow } from '../fichiers';
import { monthPeriod } from '../periode';
import { purchaseItems } from './releve-service';

/** One night or one meal kind of a night, as the workbook lists them. */
export interface ReleveItem {
  reservation_id: number;
  pensionnaire: string;
  date_nuit: string;
  prestation: Prestation;
  type_chambre: string | null;
  quantite: number;
  prix: string;
  taux: string;
  montant: string;
}

const COLONNES = COLONNES_DETAIL;

const ITEM_COLUMNS: ExportColumn<ReleveItem>[] = [
  { header: COLONNES.reference, width: 11, kind: 'integer', value: (r) => r.reservation_id },
  { header: COLONNES.pensionnaire, width: 26, kind: 'text', value: (r) => r.pensionnaire },
  { header: COLONNES.dateNuit, width: 11, kind: 'date', value: (r) => r.date_nuit },
  { header: COLONNES.prestation, width: 14, kind: 'text', value: (r) => PRESTATION_LABELS[r.prestation] },
  { header: COLONNES.typeChambre, width: 16, kind: 'text', value: (r) => r.type_chambre ?? '' },
  { header: COLONNES.quantite, width: 9, kind: 'integer', value: (r) => r.quantite },
  { header: COLONNES.prixUnitaireHt, width: 14, kind: 'money', value: (r) => r.prix },
  // A number (10, 5.5): read back as a percent by the detail reader.
  { header: COLONNES.tauxTva, width: 9, kind: 'integer', value: (r) => r.taux },
  { header: 'Montant HT', width: 13, kind: 'money', value: (r) => r.montant },
];

const STAY_COLUMNS: ExportColumn<ReleveSejour>[] = [
  { header: 'Réservation', width: 8, kind: 'integer', value: (r) => r.reservationId },
  { header: 'Pensionnaire', width: 26, kind: 'text', value: (r) => r.pensionnaire },
  { header: 'Type de chambre', width: 14, kind: 'text', value: (r) => r.typeChambre },
  { header: 'Première nuit', width: 10, kind: 'date', value: (r) => r.dateDebut },
  { header: 'Départ', width: 10, kind: 'date', value: (r) => r.dateFin },
  { header: 'Nuits', width: 6, kind: 'integer', value: (r) => r.nuits },
  { header: 'Montant HT', width: 11, kind: 'money', value: (r) => r.montantHt },
];

/** The night and meal items of the statement, by resident, night and kind. */
export function releveItems(db: Executor, etablissementId: number, mois: string): Promise<ReleveItem[]> {
  const { debut, fin } = monthPeriod(mois);
  return rowsOf<ReleveItem>(
    db,
    sql`with ${purchaseItems(etablissementId, debut, fin)}
      select i.reservation_id, p.nom || ' ' || p.prenom as pensionnaire, i.date_nuit::text as date_nuit,
        i.prestation, tc.libelle as type_chambre, i.quantite, i.prix::numeric(14, 2)::text as prix,
        i.taux::numeric(5, 2)::text as taux, (i.quantite * i.prix)::numeric(14, 2)::text as montant
      from items i join reservations r on r.id = i.reservation_id
        join pensionnaires p on p.id = r.pensionnaire_id left join types_chambre tc on tc.id = i.type_chambre_id
      order by p.nom, p.prenom, i.reservation_id, i.date_nuit,
        case i.prestation when 'nuitee' then 0 when 'petit_dejeuner' then 1 when 'dejeuner' then 2 else 3 end`,
  );
}

const rate = (taux: string) => `${taux.replace(/\.?0+$/, '').replace('.', ',')} %`;

/** The closing block: the invoice lines, the VAT per rate, the totals. */
export function releveTotals(releve: ReleveEtablissement): TotalRow[] {
  return [
    ...releve.lignes.map((ligne): TotalRow => [
      `${ligne.libelle} — ${ligne.quantite} × ${ligne.prixUnitaireHt.replace('.', ',')} € HT, TVA ${rate(ligne.tauxTva)}`,
      { money: ligne.montantHt },
    ]),
    ['Nuitées', releve.totaux.nuitees],
    ['Total HT', { money: releve.totaux.totalHt }],
    ...releve.tva.map((tva): TotalRow => [
      `TVA ${rate(tva.tauxTva)} sur ${tva.baseHt.replace('.', ',')} €`,
      { money: tva.montantTva },
    ]),
    ['Total TVA', { money: releve.totaux.totalTva }],
    ['Total TTC', { money: releve.totaux.totalTtc }],
  ];
}

/** releve-<hotel id>-2026-11.pdf */
export const releveFileName = (etablissementId: number, mois: string, extension: FileExtension) =>
  `releve-etablissement-${etablissementId}-${mois}.${extension}`;

export async function releveFile(
  db: Executor,
  releve: ReleveEtablissement,
  extension: FileExtension,
): Promise<RenderedFile> {
  const summary = `${releve.etablissement.nom} — nuits du ${frenchDate(releve.periode.debut)} au ${frenchDate(releve.periode.fin)} exclu, prix d'achat`;
  const common = { title: 'Relevé établissement', summary, totals: releveTotals(releve) };
  if (extension === 'pdf')
    return renderFile(extension, {
      ...common,
      sheetName: 'Relevé',
      columns: STAY_COLUMNS,
      rows: releve.annexe,
    });
  const rows = await releveItems(db, releve.etablissement.id, releve.mois);
  return renderFile(extension, { ...common, sheetName: 'Relevé', columns: ITEM_COLUMNS, rows });
}
