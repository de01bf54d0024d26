import { Table, type TableColumnsType } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { formatNumber } from 'shared';
import type { PointageReservation } from 'shared/contract';
import { frenchRowSelection } from 'shared/ui';
import type { useRowKeyboard } from '../use-row-keyboard';

/** One page of a pointage list: 50 stays. */
export const POINTAGE_PAGE_SIZE = 50;

/** « DUPONT Marie », as the pointage lists name a stay's resident. */
export const stayName = (stay: PointageReservation) =>
  `${stay.pensionnaire_nom.toLocaleUpperCase('fr')} ${stay.pensionnaire_prenom}`;

/** Changes of the URL's search parameters, `undefined` removing one (the pointage lists keep page and filters there). */
export function withParams(
  previous: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export interface PointageTableProps {
  tableRef: RefObject<HTMLDivElement | null>;
  columns: TableColumnsType<PointageReservation>;
  rows: PointageReservation[];
  loading: boolean;
  emptyText: string;
  selected: number[];
  onSelect: (ids: number[]) => void;
  expanded: number[];
  onExpand: (ids: number[]) => void;
  renderNights: (stay: PointageReservation) => ReactNode;
  /** The row's keyboard handlers. */
  rowProps: ReturnType<typeof useRowKeyboard>['rowProps'];
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * The table of both pointage lists (présence, paiement): one row per stay, selectable (French labels), its nights
 * in the row's details, the keyboard on the rows, 50 a page with the total.
 */
export function PointageTable(props: PointageTableProps) {
  const { tableRef, columns, rows, loading, emptyText, selected, onSelect, expanded, onExpand } = props;
  return (
    <div ref={tableRef}>
      <Table<PointageReservation>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        locale={{ emptyText }}
        rowSelection={frenchRowSelection(
          {
            selectedRowKeys: selected,
            onChange: (keys) => onSelect(keys.map(Number)),
            getCheckboxProps: (stay) => ({ 'aria-label': `Sélectionner ${stayName(stay)}` }),
          },
          rows,
        )}
        onRow={(stay) => props.rowProps(stay.id)}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => onExpand(keys.map(Number)),
          expandedRowRender: props.renderNights,
        }}
        pagination={{
          current: props.page,
          pageSize: POINTAGE_PAGE_SIZE,
          total: props.total,
          showTotal: (total) => `Total : ${formatNumber(total)}`,
          showSizeChanger: false,
          onChange: props.onPage,
        }}
      />
    </div>
  );
}
