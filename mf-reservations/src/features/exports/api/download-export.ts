import { exportFileName } from 'shared';
import { downloadFile, type DownloadResult } from 'shared/ui';
import {
  EXPORT_ID_HEADER,
  RESERVATION_EXPORTS,
  type ReservationExportBody,
  type ReservationExportKey,
} from 'shared/contract';

/** `reservations-YYYY-MM-DD.<ext>`, today's date: the name kept when the server names no file. */
export function reservationExportName(key: ReservationExportKey, now: Date = new Date()): string {
  return exportFileName('reservations', RESERVATION_EXPORTS[key].extension, now);
}

export interface ReservationExportOptions {
  /** 0–100 when the size is known, null otherwise. */
  onProgress?: (percent: number | null) => void;
  /** Aborting it closes the request: the server stops writing the file. */
  signal?: AbortSignal;
  /** Names the export so that its rows written can be read meanwhile (get-export-progress.ts). */
  exportId?: string;
}

/**
 * POSTs the list's filters to an export (spec §7) and saves the file under the server's name — or, beyond
 * EXPORT_TASK_THRESHOLD rows, resolves with the task preparing it (docs/api.md « Tâches »). A failure rejects with
 * the server's French message; a cancel rejects silently (`isCancelled`).
 */
export function downloadReservationExport(
  key: ReservationExportKey,
  body: ReservationExportBody,
  { onProgress, signal, exportId }: ReservationExportOptions = {},
): Promise<DownloadResult> {
  return downloadFile(RESERVATION_EXPORTS[key].path, {
    method: 'POST',
    body,
    fallbackName: reservationExportName(key),
    onProgress,
    ...(signal ? { signal } : {}),
    ...(exportId ? { headers: { [EXPORT_ID_HEADER]: exportId } } : {}),
  });
}
