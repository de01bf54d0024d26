import { useEffect, useState } from 'react';
import { fetchList } from 'shared';
import { MAX_PAGE_SIZE, REFERENTIEL_PATHS, type TypeChambre } from 'shared/contract';
import type { ReferenceOption } from './use-reference-lookup';

/** The active room types as Select options (by label: they have a `libelle`, not a `nom`). */
export function useTypesChambreOptions(): { options: ReferenceOption[]; loading: boolean } {
  const [options, setOptions] = useState<ReferenceOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const params = { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'libelle', order: 'asc' as const };
    fetchList<TypeChambre>(REFERENTIEL_PATHS.typesChambre, params, { signal: controller.signal }).then(
      (page) => {
        if (!controller.signal.aborted)
          setOptions(page.data.map((row) => ({ value: row.id, label: row.libelle })));
      },
      () => {
        if (!controller.signal.aborted) setOptions([]);
      },
    );
    return () => controller.abort();
  }, []);
  return { options: options ?? [], loading: options === null };
}
