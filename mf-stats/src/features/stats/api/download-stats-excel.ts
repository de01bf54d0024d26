import dayjs from 'dayjs';
import { downloadFile, type DownloadResult } from 'shared/ui';
import { statsExcelFileName, statsExcelPath, type StatsQuery, type StatsVue } from 'shared/contract';

/** `statistiques-<vue>-<tableau>-YYYY-MM-DD.xlsx`, the browser's day: kept when the server names no file. */
export const statsExcelName = (vue: StatsVue, tableau: string, now: Date = new Date()) =>
  statsExcelFileName(vue, tableau, dayjs(now).format('YYYY-MM-DD'));

/**
 * The Excel file of one table of a view (GET /stats/<vue>/excel), with the filters on screen, saved under the
 * name the server gives (Paris day).
 */
export function downloadStatsExcel(
  vue: StatsVue,
  tableau: string,
  query: StatsQuery,
): Promise<DownloadResult> {
  return downloadFile(statsExcelPath(vue), {
    method: 'GET',
    params: { ...query, tableau },
    fallbackName: statsExcelName(vue, tableau),
  });
}
