import { useCallback, useEffect, useState } from 'react';
import { ApiError } from 'shared';

export interface RecordState<T> {
  /** The record; while it (re)loads, the previous one of the same id, or the placeholder. */
  record: T | null;
  loading: boolean;
  /** No such record: a 404, or an id that is not a number. */
  notFound: boolean;
  /** Any other failure of the last load. */
  error: Error | null;
  reload: () => void;
  /** Shows `record` without asking the server again, e.g. the answer of a write. */
  replace: (record: T) => void;
}

interface Settled<T> {
  key: string;
  record: T | null;
  error: Error | null;
}

/**
 * Loads one record with `load` (a module-level API function, e.g. `getEtablissement`). `placeholder` (the row the
 * user opened, from session storage) is shown while the record loads when its id matches, so the card appears at
 * once and is then refreshed.
 */
export function useRecord<T extends { id: number }>(
  load: (id: number, signal: AbortSignal) => Promise<T>,
  id: number | null,
  placeholder: T | null = null,
): RecordState<T> {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${id}`;
  const [settled, setSettled] = useState<Settled<T>>({ key: '', record: null, error: null });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (record) => {
        if (!controller.signal.aborted) setSettled({ key, record, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, record: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [key, load, id]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback((record: T) => setSettled({ key, record, error: null }), [key]);

  if (id === null) return { record: null, loading: false, notFound: true, error: null, reload, replace };
  const current = settled.key === key;
  const stale = settled.record?.id === id ? settled.record : placeholder?.id === id ? placeholder : null;
  const error = current ? settled.error : null;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return {
    record: current ? settled.record : stale,
    loading: !current,
    notFound,
    error: notFound ? null : error,
    reload,
    replace,
  };
}
