import type { DownloadFileOptions } from 'shared/ui';
import {
  parisToday,
  statsExcelFileName,
  statsExcelPath,
  type StatsQuery,
  type StatsVue,
} from 'shared/contract';

/** `statistiques-<vue>-<tableau>-YYYY-MM-DD.xlsx`, the Paris day as the server's: kept when the server names no file. */
export const statsExcelName = (vue: StatsVue, tableau: string, now: Date = new Date()) =>
  statsExcelFileName(vue, tableau, parisToday(now));

/**
 * The Excel file of one table of a view (GET /stats/<vue>/excel), with the filters on screen, saved under the
 * name the server gives (Paris day): the path and options of `useFileDownload().start`.
 */
export function statsExcelRequest(
  vue: StatsVue,
  tableau: string,
  query: StatsQuery,
): [path: string, options: Omit<DownloadFileOptions, 'onProgress' | 'signal'>] {
  return [
    statsExcelPath(vue),
    { method: 'GET', params: { ...query, tableau }, fallbackName: statsExcelName(vue, tableau) },
  ];
}

/** The section names its table: the failure says only what failed. */
export const statsExcelFailure = (_label: string, message: string) => `L'export a échoué : ${message}`;
