import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface RowKeyboardOptions {
  /** The element around the table. */
  tableRef: RefObject<HTMLElement | null>;
  /** Keys to their action on the focused row (`' '`, `'Enter'`, `'p'`…); the arrows move between rows. */
  actions: Record<string, (rowKey: number) => void>;
  /** Changes when the rows are refreshed: focus comes back to the row it was on if the table redrew it. */
  version: unknown;
}

const rowOf = (element: Element | null) => element?.closest<HTMLElement>('tr[data-row-key]') ?? null;

/**
 * A morning's checking from the keyboard: rows are focusable, ↑/↓ move from row to row, the screen's keys act on
 * the focused row, and after an action (the rows refresh) the focus stays on the row it was on.
 */
export function useRowKeyboard({ tableRef, actions, version }: RowKeyboardOptions) {
  const focused = useRef<string | null>(null);

  useEffect(() => {
    const key = focused.current;
    const table = tableRef.current;
    if (key === null || !table) return;
    if (table.contains(document.activeElement) && document.activeElement !== document.body) return;
    table.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(key)}"]`)?.focus();
  }, [version, tableRef]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const row = rowOf(event.target as Element);
      // Keys typed in a control inside the row (a button, a date field) are that control's.
      if (!row || event.target !== row) return;
      const key = row.dataset.rowKey ?? '';
      focused.current = key;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        let next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
        while (next && !(next instanceof HTMLElement && next.dataset.rowKey && next.tabIndex === 0))
          next = event.key === 'ArrowDown' ? next.nextElementSibling : next.previousElementSibling;
        if (next instanceof HTMLElement) {
          focused.current = next.dataset.rowKey ?? null;
          next.focus();
        }
        return;
      }
      const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (action) {
        event.preventDefault();
        action(Number(key));
      }
    },
    [actions],
  );

  /** Props of a data row (antd Table `onRow`). */
  const rowProps = useCallback(
    (rowKey: number) => ({
      tabIndex: 0,
      onKeyDown,
      onFocus: () => {
        focused.current = String(rowKey);
      },
    }),
    [onKeyDown],
  );
  return { rowProps };
}
