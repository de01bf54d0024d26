import type { DownloadFileOptions } from 'shared/ui';
import { COMPTABILITE_PATHS } from 'shared/contract/values';

type Request = [path: string, options: Omit<DownloadFileOptions, 'onProgress' | 'signal'>];

/** The aged balance's workbook at a date (GET /comptabilite/balance-agee/xlsx). */
export const balanceXlsxRequest = (date: string): Request => [
  COMPTABILITE_PATHS.balanceAgeeXlsx,
  { method: 'GET', params: { date }, fallbackName: `balance-agee-${date}.xlsx` },
];

/**
 * The accounting export of a period: the FEC text or its workbook. The server names the file after the seller's
 * SIREN (`<SIREN>FEC<AAAAMMJJ>.txt`); the fallback name is used only when it names none.
 */
export const fecRequest = (debut: string, fin: string, format: 'txt' | 'xlsx'): Request => [
  format === 'txt' ? COMPTABILITE_PATHS.fec : COMPTABILITE_PATHS.fecXlsx,
  { method: 'GET', params: { debut, fin }, fallbackName: `FEC${fin.replaceAll('-', '')}.${format}` },
];

export const comptabiliteFailure = (label: string, message: string) =>
  `Le téléchargement « ${label} » a échoué : ${message}`;
