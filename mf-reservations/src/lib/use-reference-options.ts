import { useEffect, useState } from 'react';
import { fetchList } from 'shared';
import { MAX_PAGE_SIZE } from 'shared/contract';

export interface ReferenceOption {
  value: number;
  label: string;
}

/**
 * The active records of a reference list (`/clients`, `/etablissements`) by name, as the options of a filter
 * Select: one request of 200 rows. A failure is already toasted by the client; the Select then stays empty.
 */
export function useReferenceOptions(path: string): { options: ReferenceOption[]; loading: boolean } {
  const [options, setOptions] = useState<ReferenceOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchList<{ id: number; nom: string }>(
      path,
      { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'nom', order: 'asc' },
      { signal: controller.signal },
    ).then(
      (page) => {
        if (!controller.signal.aborted)
          setOptions(page.data.map((row) => ({ value: row.id, label: row.nom })));
      },
      () => {
        if (!controller.signal.aborted) setOptions([]);
      },
    );
    return () => controller.abort();
  }, [path]);
  return { options: options ?? [], loading: options === null };
}
