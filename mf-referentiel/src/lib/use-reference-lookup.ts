import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { keysOfPath, useLookup, type LookupRow } from 'shared';

export interface ReferenceOption {
  value: number;
  label: string;
}

export interface ReferenceLookup {
  /** The resource the names come from (`/groupes-etablissements`). */
  path: string;
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
  /** Name of an active record, once the list is there. */
  nameOf: (id: number) => string | undefined;
}

const NO_ROWS: LookupRow[] = [];

/**
 * The names of the records another resource points at (the group of a hotel, the client of a resident), from the
 * shared lookup cache (`useLookup`): loaded once for every screen, refreshed by the writes on that resource. A
 * null `path` loads nothing (a form whose kind has no such field).
 */
export function useReferenceLookup(path: string | null): ReferenceLookup {
  const queryClient = useQueryClient();
  const lookup = useLookup(path ?? '', { enabled: path !== null });
  const rows = lookup.data ?? NO_ROWS;
  const options = useMemo(() => rows.map((row) => ({ value: row.id, label: row.nom })), [rows]);
  const names = useMemo(() => new Map(rows.map((row) => [row.id, row.nom])), [rows]);
  const nameOf = useCallback((id: number) => names.get(id), [names]);
  const optionsWith = useCallback(
    (current: number | null | undefined) => {
      if (current === null || current === undefined || names.has(current) || path === null) return options;
      // An archived record: its card, open under the form, has usually loaded it already.
      const record = queryClient.getQueryData<LookupRow>(keysOfPath(path).detail(current));
      return [...options, { value: current, label: record?.nom ?? `n° ${current}` }];
    },
    [options, names, path, queryClient],
  );
  return {
    path: path ?? '',
    options,
    loading: lookup.isPending,
    failed: lookup.isError,
    optionsWith,
    nameOf,
  };
}
