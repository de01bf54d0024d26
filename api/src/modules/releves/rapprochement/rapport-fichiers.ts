/**
 * The difference report of a hotel invoice (PDF or XLSX through the export engine): one row per difference, per
 * document first then by resident and night, with who accepted it and why; the closing block gives the invoice, its
 * state and the totals per kind of difference.
 */
import {
  ETAT_FACTURE_ETABLISSEMENT_LABELS,
  PRESTATION_LABELS,
  TYPES_ECART,
  TYPE_ECART_LABELS,
  RELEVES_MESSAGES,
  type Ecart,
  type FactureEtablissementDetail,
  type FileExtension,
} from 'shared/contract';
import { frenchDate } from '../../../lib/days';
import type { ExportColumn } from '../../../lib/exports/export-types';
import { renderFile, type RenderedFile, type TotalRow } from '../fichiers';
import { fromCents, toCents } from '../periode';

const rate = (taux: string | null) => (taux === null ? '' : `${taux.replace('.', ',')} %`);

const COLUMNS: ExportColumn<Ecart>[] = [
  { header: 'Écart', width: 16, kind: 'text', value: (e) => TYPE_ECART_LABELS[e.type] },
  {
    header: 'Réservation',
    width: 8,
    kind: 'text',
    value: (e) => (e.reservationId === null ? '' : String(e.reservationId)),
  },
  { header: 'Pensionnaire', width: 18, kind: 'text', value: (e) => e.pensionnaire ?? '' },
  {
    header: 'Nuit',
    width: 8,
    kind: 'text',
    value: (e) => (e.dateNuit === null ? '' : frenchDate(e.dateNuit)),
  },
  {
    header: 'Prestation',
    width: 9,
    kind: 'text',
    value: (e) => (e.prestation === null ? '' : PRESTATION_LABELS[e.prestation]),
  },
  {
    header: 'Ligne',
    width: 5,
    kind: 'text',
    value: (e) => (e.ligneDetail === null ? '' : String(e.ligneDetail)),
  },
  { header: 'Facturé', width: 9, kind: 'money', value: (e) => e.montantFacture },
  { header: 'Réservé', width: 9, kind: 'money', value: (e) => e.montantReserve },
  { header: 'Différence', width: 9, kind: 'money', value: (e) => e.difference },
  { header: 'Autre facture', width: 9, kind: 'text', value: (e) => e.autreFacture ?? '' },
  { header: 'TVA facturée', width: 7, kind: 'text', value: (e) => rate(e.tauxFacture) },
  { header: 'TVA réservée', width: 7, kind: 'text', value: (e) => rate(e.tauxReserve) },
  { header: 'Accepté', width: 6, kind: 'text', value: (e) => (e.accepte ? 'Oui' : 'Non') },
  { header: 'Motif', width: 16, kind: 'text', value: (e) => e.motif ?? '' },
  { header: 'Par', width: 11, kind: 'text', value: (e) => e.acceptePar ?? '' },
];

function totals(facture: FactureEtablissementDetail): TotalRow[] {
  const rows: TotalRow[] = [
    [`État : ${ETAT_FACTURE_ETABLISSEMENT_LABELS[facture.etat]}`],
    ['Total HT facturé', { money: facture.totalHt }],
    ['Total TVA facturé', { money: facture.totalTva }],
    ['Total TTC facturé', { money: facture.totalTtc }],
  ];
  for (const type of TYPES_ECART) {
    const ecarts = facture.ecarts.filter((ecart) => ecart.type === type);
    if (ecarts.length === 0) continue;
    const difference = ecarts.reduce((sum, ecart) => sum + toCents(ecart.difference), 0);
    rows.push([TYPE_ECART_LABELS[type], ecarts.length, { money: fromCents(difference) }]);
  }
  rows.push(['Écarts ouverts', facture.ecartsOuverts]);
  return rows;
}

/** ecarts-facture-<id>.pdf */
export const rapportFileName = (id: number, extension: FileExtension) => `ecarts-facture-${id}.${extension}`;

export function rapportFile(facture: FactureEtablissementDetail, extension: FileExtension): RenderedFile {
  return renderFile(extension, {
    title: 'Écarts de rapprochement',
    summary: `${facture.etablissementNom} — facture n° ${facture.numero} du ${frenchDate(facture.dateFacture)}, période ${RELEVES_MESSAGES.periodeTexte(facture.periodeDebut, facture.periodeFin)}`,
    sheetName: 'Écarts',
    columns: COLUMNS,
    rows: facture.ecarts,
    totals: totals(facture),
  });
}
