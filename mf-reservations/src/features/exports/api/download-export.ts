import { exportFileName } from 'shared';
import { downloadFile, type DownloadResult } from 'shared/ui';
import { RESERVATION_EXPORTS, type ReservationExportBody, type ReservationExportKey } from 'shared/contract';

/** `reservations-YYYY-MM-DD.<ext>`, today's date: the name kept when the server names no file. */
export function reservationExportName(key: ReservationExportKey, now: Date = new Date()): string {
  return exportFileName('reservations', RESERVATION_EXPORTS[key].extension, now);
}

/**
 * POSTs the list's filters to an export (spec §7) and saves the file under the server's name — or, beyond
 * EXPORT_TASK_THRESHOLD rows, resolves with the task preparing it (docs/api.md « Tâches »). `onProgress` gets
 * 0–100 when the size is known, null otherwise. A failure rejects with the server's French message.
 */
export function downloadReservationExport(
  key: ReservationExportKey,
  body: ReservationExportBody,
  onProgress?: (percent: number | null) => void,
): Promise<DownloadResult> {
  return downloadFile(RESERVATION_EXPORTS[key].path, {
    method: 'POST',
    body,
    fallbackName: reservationExportName(key),
    onProgress,
  });
}
