import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from 'shared';

export interface RemoteData<T> {
  data: T | null;
  loading: boolean;
  /** French message of the last failure (already toasted by the client where spec §8 says so). */
  error: string | null;
  reload: () => void;
}

/**
 * Loads `load()` when `key` changes (nothing while `key` is null), aborting the previous call; `failureMessage`
 * replaces the server's message when the screen has its own (the residents search, spec §8).
 */
export function useRemoteData<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  failureMessage?: string,
): RemoteData<T> {
  const [attempt, setAttempt] = useState(0);
  const request = key === null ? null : `${attempt} ${key}`;
  // What the last settled request answered: while `request` differs from it, the data is loading.
  const [settled, setSettled] = useState<{ request: string; data: T | null; error: string | null }>({
    request: '',
    data: null,
    error: null,
  });
  const loadRef = useRef(load);
  const messageRef = useRef(failureMessage);
  useEffect(() => {
    loadRef.current = load;
    messageRef.current = failureMessage;
  });

  useEffect(() => {
    if (request === null) return undefined;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, data, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ request, data: null, error: messageRef.current ?? errorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  if (request === null) return { data: null, loading: false, error: null, reload };
  const current = settled.request === request;
  return {
    // The previous answer stays shown while the next one loads (no flicker while typing a search).
    data: settled.data,
    loading: !current,
    error: current ? settled.error : null,
    reload,
  };
}

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
