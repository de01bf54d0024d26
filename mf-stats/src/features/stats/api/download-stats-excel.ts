import dayjs from 'dayjs';
import { apiClient } from 'shared';
import { statsExcelFileName, statsExcelPath, type StatsQuery, type StatsVue } from 'shared/contract';

/** The Excel file of one table of a view (GET /stats/<vue>/excel), with the filters on screen. */
export async function getStatsExcel(vue: StatsVue, tableau: string, query: StatsQuery): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(statsExcelPath(vue), {
    params: { ...query, tableau },
    responseType: 'blob',
  });
  return data;
}

/** `statistiques-<vue>-<tableau>-YYYY-MM-DD.xlsx`, the browser's day (as the API names it, Paris day). */
export const statsExcelName = (vue: StatsVue, tableau: string, now: Date = new Date()) =>
  statsExcelFileName(vue, tableau, dayjs(now).format('YYYY-MM-DD'));

/** Saves a file under `fileName` through an object URL and a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
