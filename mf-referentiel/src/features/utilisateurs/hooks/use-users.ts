import { useCallback, useEffect, useState } from 'react';
import type { UsersPage } from 'shared/contract';
import { getUsers } from '../api/get-users';

export interface UsersState {
  page: UsersPage | null;
  loading: boolean;
  error: Error | null;
  reload: () => void;
}

/** Loads a page of accounts whenever `page` or `pageSize` change; a newer request aborts the older one. */
export function useUsers(page: number, pageSize: number, enabled: boolean): UsersState {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${page} ${pageSize}`;
  const [settled, setSettled] = useState<{ key: string; page: UsersPage | null; error: Error | null }>({
    key: '',
    page: null,
    error: null,
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getUsers({ page, pageSize }, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setSettled({ key, page: result, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, page: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [enabled, key, page, pageSize]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const current = settled.key === key;
  return {
    // The previous page stays on screen while the next one loads.
    page: settled.page,
    loading: enabled && !current,
    error: current ? settled.error : null,
    reload,
  };
}
