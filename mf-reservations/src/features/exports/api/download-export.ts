import { exportFileName } from 'shared';
import type { DownloadFileOptions } from 'shared/ui';
import { EXPORT_ID_HEADER, parisToday, RESERVATION_EXPORTS } from 'shared/contract/values';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';

/** `reservations-YYYY-MM-DD.<ext>`, the Paris day: the name kept when the server names no file. */
export function reservationExportName(key: ReservationExportKey, now: Date = new Date()): string {
  return exportFileName('reservations', RESERVATION_EXPORTS[key].extension, parisToday(now));
}

/**
 * The request of an export (spec §7): the list's filters POSTed, the file saved under the server's name — or, beyond
 * EXPORT_TASK_THRESHOLD rows, the task preparing it (docs/api.md « Tâches »). `exportId` names the export so that
 * its rows written can be read meanwhile (get-export-progress.ts). Run by `useFileDownload().start`.
 */
export function reservationExportRequest(
  key: ReservationExportKey,
  body: ReservationExportBody,
  exportId?: string,
): Omit<DownloadFileOptions, 'onProgress' | 'signal'> {
  return {
    method: 'POST',
    body,
    fallbackName: reservationExportName(key),
    ...(exportId ? { headers: { [EXPORT_ID_HEADER]: exportId } } : {}),
  };
}
