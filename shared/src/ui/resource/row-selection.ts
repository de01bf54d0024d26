import type { TableProps } from 'antd';

type RowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

/** The header check box's name: it selects the rows of the page shown. */
export const SELECT_PAGE_LABEL = 'Sélectionner toutes les lignes de la page';

/**
 * antd's Table names its selection check boxes in English whatever the locale (« Select all », « Select row 3 »,
 * hard-coded in `useSelection`): these are French, « Sélectionner la ligne 3 » counted on the page as antd counts.
 * A name the page gives in its own `getCheckboxProps` (« Sélectionner la réservation 12 ») wins.
 */
export function frenchRowSelection<T>(
  selection: RowSelection<T> | undefined,
  rows: readonly T[],
): RowSelection<T> | undefined {
  if (selection === undefined) return undefined;
  const { getCheckboxProps, getTitleCheckboxProps } = selection;
  return {
    ...selection,
    getTitleCheckboxProps: () => ({ 'aria-label': SELECT_PAGE_LABEL, ...getTitleCheckboxProps?.() }),
    getCheckboxProps: (row) => ({
      'aria-label': `Sélectionner la ligne ${rows.indexOf(row) + 1}`,
      ...getCheckboxProps?.(row),
    }),
  };
}
