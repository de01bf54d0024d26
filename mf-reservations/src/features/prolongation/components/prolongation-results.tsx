import { Table, Tag } from 'antd';
import type { ReservationItem } from 'shared/contract';

export interface ProlongationResult {
  reservation_id: number;
  ok: boolean;
  prolongation_id: number | null;
  message: string;
}

/** The per-row report of a multiple extension. */
export function ProlongationResults({
  resultats,
  rows,
}: {
  resultats: readonly ProlongationResult[];
  rows: ReadonlyMap<number, ReservationItem>;
}) {
  return (
    <Table<ProlongationResult>
      size="small"
      rowKey="reservation_id"
      pagination={false}
      dataSource={[...resultats]}
      aria-label="Résultat par réservation"
      columns={[
        { key: 'id', title: 'N°', dataIndex: 'reservation_id', width: 70 },
        {
          key: 'pensionnaire',
          title: 'Pensionnaire',
          render: (_, result) => {
            const row = rows.get(result.reservation_id);
            return row ? `${row.pensionnaire_nom.toLocaleUpperCase('fr')} ${row.pensionnaire_prenom}` : '—';
          },
        },
        {
          key: 'ok',
          title: 'Résultat',
          render: (_, result) =>
            result.ok ? <Tag color="green">Prolongée</Tag> : <Tag color="red">Non prolongée</Tag>,
        },
        { key: 'message', title: 'Détail', dataIndex: 'message' },
      ]}
    />
  );
}
