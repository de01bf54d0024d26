/**
 * The aged balance's workbook: one row per client under French headers, amounts as numbers with two decimals, then
 * an empty row, the totals row and what the balance is (its date, how ages are counted).
 */
import { PassThrough } from 'node:stream';
import {
  COMPTABILITE_MESSAGES,
  FILE_MEDIA_TYPES,
  NON_IMPUTE_LABEL,
  TRANCHE_AGE_LABELS,
  TRANCHES_AGE,
  type BalanceAgee,
  type BalanceAgeeLigne,
} from 'shared/contract';
import { startExcelExport } from '../../lib/exports/export-excel';
import type { RenderedFile } from '../../lib/exports/export-send';
import type { ExportColumn } from '../../lib/exports/export-types';

const COLUMNS: ExportColumn<BalanceAgeeLigne>[] = [
  { header: 'Client', width: 36, kind: 'text', value: (row) => row.clientNom },
  { header: 'Factures', width: 10, kind: 'integer', value: (row) => row.factures },
  ...TRANCHES_AGE.map((tranche): ExportColumn<BalanceAgeeLigne> => ({
    header: TRANCHE_AGE_LABELS[tranche],
    width: 16,
    kind: 'money',
    value: (row) => row[tranche],
  })),
  { header: NON_IMPUTE_LABEL, width: 18, kind: 'money', value: (row) => row.nonImpute },
  { header: 'Total', width: 16, kind: 'money', value: (row) => row.total },
];

export const balanceFileName = (date: string) => `balance-agee-${date}.xlsx`;

export function balanceFile(balance: BalanceAgee): RenderedFile {
  const stream = new PassThrough();
  const excel = startExcelExport(stream, 'Balance âgée', COLUMNS);
  excel.addRows(balance.lignes);
  const { totaux } = balance;
  excel.addFooter([
    [],
    [
      'Total',
      balance.lignes.reduce((sum, ligne) => sum + ligne.factures, 0),
      ...TRANCHES_AGE.map((tranche) => ({ money: totaux[tranche] })),
      { money: totaux.nonImpute },
      { money: totaux.total },
    ],
    [],
    [COMPTABILITE_MESSAGES.balanceAu(balance.date)],
    [
      'Âge : jours écoulés depuis l’échéance. Une facture échue le jour même n’est pas échue. Avoirs non imputés : ce qu’un avoir crédite au-delà du reste à payer de sa facture, dû au client.',
    ],
  ]);
  excel.finish().catch((error: unknown) => stream.destroy(error as Error));
  return { contentType: FILE_MEDIA_TYPES.xlsx, stream };
}
