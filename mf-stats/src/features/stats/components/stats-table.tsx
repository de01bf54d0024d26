import { Table, type TableColumnsType } from 'antd';
import type { StatsTableau } from 'shared/contract';
import { formatCell, sortValue } from '../model/format';

export interface StatsTableProps {
  tableau: StatsTableau;
  rows: readonly object[];
  /** The row's key field (`id`, `mois`, `tranche`…). */
  rowKey: string;
}

const compare = (a: number | string, b: number | string) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'fr');

/**
 * The data table beside a chart: the columns of the contract's STATS_TABLEAUX (those the Excel export writes), in
 * French formats, every column sortable (antd puts `aria-sort` on the sorted header), numbers right-aligned.
 */
export function StatsTable({ tableau, rows, rowKey }: StatsTableProps) {
  const columns: TableColumnsType<object> = tableau.colonnes.map((colonne) => ({
    key: colonne.key,
    dataIndex: colonne.key,
    title: colonne.titre,
    align: colonne.kind === 'text' || colonne.kind === 'month' ? 'left' : 'right',
    sorter: (a, b) =>
      compare(
        sortValue(colonne.kind, (a as Record<string, unknown>)[colonne.key]),
        sortValue(colonne.kind, (b as Record<string, unknown>)[colonne.key]),
      ),
    showSorterTooltip: false,
    render: (value: unknown) => formatCell(colonne.kind, value),
  }));
  return (
    <Table<object>
      aria-label={tableau.titre}
      size="small"
      columns={columns}
      dataSource={rows as object[]}
      rowKey={(row) => String((row as Record<string, unknown>)[rowKey])}
      pagination={rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
