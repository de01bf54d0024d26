import { useCallback, useRef, useState } from 'react';
import type { TaskQueuedAnswer } from '../contract/tasks';
import { apiClient, type RequestOptions } from './api-client';

/**
 * A download's outcome: the file saved, or — for an export over the server's task threshold (202, docs/api.md
 * « Tâches ») — the task preparing it, fetched later from « Tâches ».
 */
export type DownloadResult = { kind: 'file'; fileName: string } | ({ kind: 'task' } & TaskQueuedAnswer);

export interface DownloadFileOptions {
  /** GET for a read-only file (statistics), POST for an export that takes the screen's filters as its body. */
  method: 'GET' | 'POST';
  /** The POST body (the screen's filters). */
  body?: unknown;
  /** The query string of a GET. */
  params?: RequestOptions['params'];
  /** The name used when the server sends no usable Content-Disposition (e.g. `reservations-YYYY-MM-DD.pdf`). */
  fallbackName: string;
  /** 0–100 while the file arrives when the server sent its size, null when it did not. */
  onProgress?: (percent: number | null) => void;
  /** Cancels the download: the request is closed, and a streamed export stops on the server. */
  signal?: AbortSignal;
  /** Extra request headers (EXPORT_ID_HEADER). */
  headers?: Record<string, string>;
}

/**
 * The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` preferred over `filename="…"`),
 * reduced to a bare name — a server never chooses the folder. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? null;
  }
  // Path separators and control characters out: the browser saves in its download folder, under this name only.
  const bare = name
    ?.split(/[\\/]/)
    .pop()
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return bare && bare !== '.' && bare !== '..' ? bare : null;
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

/**
 * Downloads a file through the one HTTP client (bearer token, spec §8 error handling; an error blob's French
 * message becomes the rejection's message) and saves it under the name the server gives in Content-Disposition,
 * `fallbackName` otherwise. Resolves with the name saved, or with the task when the server queued the export.
 */
export async function downloadFile(path: string, options: DownloadFileOptions): Promise<DownloadResult> {
  const { method, body, params, fallbackName, onProgress, signal, headers } = options;
  const requestOptions: RequestOptions = {
    params,
    signal,
    headers,
    responseType: 'blob',
    onDownloadProgress: ({ loaded, total }) =>
      onProgress?.(total ? Math.min(100, Math.round((loaded / total) * 100)) : null),
  };
  const response =
    method === 'GET'
      ? await apiClient.get<Blob>(path, requestOptions)
      : await apiClient.post<Blob>(path, body ?? {}, requestOptions);
  if (response.status === 202)
    return { kind: 'task', ...(JSON.parse(await response.data.text()) as TaskQueuedAnswer) };
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveFile(response.data, fileName);
  return { kind: 'file', fileName };
}

export interface FileDownloadState<K extends string | number> {
  /** The download under way, null when none. */
  running: K | null;
  /** Its progress (0–100), null while the size is unknown. */
  progress: number | null;
  /** The French message of the last failure. */
  error: string | null;
  clearError: () => void;
  /** What became of the last download instead of a file: queued as a task (where to fetch it later), or cancelled. */
  queued: string | null;
  clearQueued: () => void;
  /** Starts `key`'s download; resolves once saved, queued, cancelled or failed (never rejects). */
  start: (
    key: K,
    path: string,
    options: Omit<DownloadFileOptions, 'onProgress' | 'signal'>,
    label: string,
  ) => Promise<void>;
  /** Cancels the download under way: the request is closed (a streamed export stops on the server). */
  cancel: () => void;
}

export interface FileDownloadOptions {
  /** How a failure reads, from the download's label and the server's message (a module constant). Default: an export's. */
  failure?: (label: string, message: string) => string;
}

const exportFailure = (label: string, message: string) => `L'export « ${label} » a échoué : ${message}`;

/** The failure of a file that is not an export (an attachment, a task's file). */
export const fileDownloadFailure = (name: string, message: string) =>
  `Le téléchargement de « ${name} » a échoué : ${message}`;

/**
 * The one download state of the screens (exports, PDFs, attachments, a task's file): one download at a time, its
 * progress, its failure, its cancel, and the notice when it became a task or was cancelled.
 */
export function useFileDownload<K extends string | number>({
  failure = exportFailure,
}: FileDownloadOptions = {}): FileDownloadState<K> {
  const [running, setRunning] = useState<K | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const start = useCallback<FileDownloadState<K>['start']>(
    async (key, path, options, label) => {
      const abort = new AbortController();
      controller.current = abort;
      setRunning(key);
      setProgress(null);
      setError(null);
      setQueued(null);
      try {
        const result = await downloadFile(path, {
          ...options,
          onProgress: setProgress,
          signal: abort.signal,
        });
        if (result.kind === 'task') setQueued(result.message);
      } catch (failed) {
        if (abort.signal.aborted) setQueued(`Export « ${label} » annulé.`);
        else setError(failure(label, failed instanceof Error ? failed.message : String(failed)));
      } finally {
        controller.current = null;
        setRunning(null);
      }
    },
    [failure],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  const clearError = useCallback(() => setError(null), []);
  const clearQueued = useCallback(() => setQueued(null), []);
  return { running, progress, error, clearError, queued, clearQueued, start, cancel };
}
