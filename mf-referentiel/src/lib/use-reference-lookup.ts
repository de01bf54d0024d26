import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchList } from 'shared';
import { MAX_PAGE_SIZE } from 'shared/contract';
import { getReference } from './reference-api';

interface Named {
  id: number;
  nom: string;
}

export interface ReferenceOption {
  value: number;
  label: string;
}

export interface ReferenceLookup {
  /** Active records, by name: the choices of a Select. */
  options: ReferenceOption[];
  loading: boolean;
  /** The list could not be loaded (already toasted): names are not coming. */
  failed: boolean;
  /**
   * The options plus `current` when it is not among them (an archived record the form's record still points at),
   * so the Select shows its name rather than a bare id.
   */
  optionsWith: (current: number | null | undefined) => ReferenceOption[];
  /** Name of a record, once known. */
  nameOf: (id: number) => string | undefined;
  /**
   * Asks `GET path/:id` for a record the list did not hold (archived, or past the first 200). Does nothing before
   * the list has loaded, or twice for the same id.
   */
  require: (id: number) => void;
}

/**
 * Names of the records another resource points at (the group of a hotel, the client of a resident): the active
 * list is loaded once per page (pageSize 200), the rare others one by one. A join endpoint returning the names
 * with the rows should replace this if these lists grow past a few hundred records. A null `path` loads nothing
 * (a form whose kind has no such field).
 */
export function useReferenceLookup(path: string | null): ReferenceLookup {
  const [list, setList] = useState<Named[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [extra, setExtra] = useState<ReadonlyMap<number, string>>(new Map());
  const requested = useRef(new Set<number>());

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    const params = { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'nom', order: 'asc' as const };
    fetchList<Named>(path, params, { signal: controller.signal }).then(
      (page) => {
        if (!controller.signal.aborted) setList(page.data);
      },
      () => {
        if (controller.signal.aborted) return;
        setList([]);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [path]);

  const names = useMemo(() => {
    const map = new Map(extra);
    for (const row of list ?? []) map.set(row.id, row.nom);
    return map;
  }, [list, extra]);

  const loaded = list !== null;
  const require = useCallback(
    (id: number) => {
      // After a failed list, one request per row would only repeat the same error toast.
      if (path === null || !loaded || failed || names.has(id) || requested.current.has(id)) return;
      requested.current.add(id);
      getReference<Named>(path, id).then(
        (row) => setExtra((previous) => new Map(previous).set(row.id, row.nom)),
        () => undefined,
      );
    },
    [loaded, failed, names, path],
  );

  const options = useMemo(() => (list ?? []).map((row) => ({ value: row.id, label: row.nom })), [list]);
  const nameOf = useCallback((id: number) => names.get(id), [names]);
  const optionsWith = useCallback(
    (current: number | null | undefined) =>
      current === null || current === undefined || options.some((option) => option.value === current)
        ? options
        : [...options, { value: current, label: names.get(current) ?? `n° ${current}` }],
    [options, names],
  );
  return { options, loading: !loaded, failed, optionsWith, nameOf, require };
}
