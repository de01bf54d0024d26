import { apiClient, exportFileName } from 'shared';
import {
  RESERVATION_EXPORTS,
  type ReservationExportBody,
  type ReservationExportKey,
  type TaskQueuedAnswer,
} from 'shared/contract';

/** The file, or — beyond EXPORT_TASK_THRESHOLD rows — the task preparing it (downloaded later from « Tâches »). */
export type ReservationExportResult = { kind: 'file'; blob: Blob } | ({ kind: 'task' } & TaskQueuedAnswer);

/**
 * POSTs the list's filters to an export (spec §7) and returns the file. `onProgress` gets 0–100 when the size is
 * known, null otherwise. A failure rejects with the server's French message (the client reads the JSON inside the
 * error blob). A large export answers 202 with its task (docs/api.md « Tâches »).
 */
export async function fetchReservationExport(
  key: ReservationExportKey,
  body: ReservationExportBody,
  onProgress?: (percent: number | null) => void,
): Promise<ReservationExportResult> {
  const { data, status } = await apiClient.post<Blob>(RESERVATION_EXPORTS[key].path, body, {
    responseType: 'blob',
    onDownloadProgress: (event) =>
      onProgress?.(event.total ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : null),
  });
  if (status === 202) return { kind: 'task', ...(JSON.parse(await data.text()) as TaskQueuedAnswer) };
  return { kind: 'file', blob: data };
}

/** `reservations-YYYY-MM-DD.<ext>`, today's date. */
export function reservationExportName(key: ReservationExportKey, now: Date = new Date()): string {
  return exportFileName('reservations', RESERVATION_EXPORTS[key].extension, now);
}

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
