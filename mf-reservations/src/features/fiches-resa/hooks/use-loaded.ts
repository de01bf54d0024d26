import { useCallback, useEffect, useState } from 'react';
import { ApiError } from 'shared';

export interface Loaded<T> {
  /** The data; while it reloads, the previous data of the same id, or the placeholder. */
  data: T | null;
  loading: boolean;
  /** No such record: a 404, or an id that is not a positive integer. */
  notFound: boolean;
  error: Error | null;
  reload: () => void;
}

interface Settled<T> {
  key: string;
  data: T | null;
  error: Error | null;
}

/**
 * Loads what `load` answers for `id` (a module-level API function) and again at each `reload()` or change of
 * `version` (bumped by the page after a write, so that detail and history reload together).
 */
export function useLoaded<T>(
  load: (id: number, signal: AbortSignal) => Promise<T>,
  id: number | null,
  version = 0,
  placeholder: T | null = null,
): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const key = `${id} ${version} ${attempt}`;
  const [settled, setSettled] = useState<Settled<T>>({ key: '', data: null, error: null });
  const [shown, setShown] = useState<{ id: number | null; data: T | null }>({ id: null, data: null });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key, data, error: null });
        setShown({ id, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, data: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [key, load, id]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  if (id === null) return { data: null, loading: false, notFound: true, error: null, reload };
  const current = settled.key === key;
  const error = current ? settled.error : null;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const previous = shown.id === id ? shown.data : placeholder;
  return {
    data: current && !error ? settled.data : error ? null : previous,
    loading: !current,
    notFound,
    error: notFound ? null : error,
    reload,
  };
}
