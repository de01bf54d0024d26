import { Table, Tag, type TableColumnsType } from 'antd';
import { formatDate, formatMoney } from 'shared';
import { ETAT_PAIEMENT_LABELS, PRESENCE_LABELS } from 'shared/contract/values';
import type { Nuitee, ReservationDetail } from 'shared/contract';

const yesNo = (count: number) => (count > 0 ? 'Oui' : 'Non');

function columns(reservation: ReservationDetail): TableColumnsType<Nuitee> {
  return [
    {
      key: 'date',
      title: 'Nuit du',
      render: (_, night) => (
        <>
          {formatDate(night.date_nuit)} {night.annulee && <Tag>Annulée</Tag>}
        </>
      ),
    },
    { key: 'vente', title: 'Vente HT', align: 'right', render: (_, n) => formatMoney(n.prix_vente_ht) },
    { key: 'achat', title: 'Achat HT', align: 'right', render: (_, n) => formatMoney(n.prix_achat_ht) },
    { key: 'pdj', title: 'Petit-déj.', render: (_, n) => yesNo(n.petit_dejeuner) },
    { key: 'dej', title: 'Déjeuner', render: (_, n) => yesNo(n.dejeuner) },
    { key: 'diner', title: 'Dîner', render: (_, n) => yesNo(n.diner) },
    { key: 'presence', title: 'Présence', render: (_, n) => PRESENCE_LABELS[n.presence] },
    ...(reservation.status_paf
      ? [{ key: 'paf', title: 'PAF', render: (_: unknown, n: Nuitee) => ETAT_PAIEMENT_LABELS[n.etat_paf] }]
      : []),
    ...(reservation.status_caf
      ? [{ key: 'caf', title: 'CAF', render: (_: unknown, n: Nuitee) => ETAT_PAIEMENT_LABELS[n.etat_caf] }]
      : []),
  ];
}

/** One row per night; cancelled nights greyed. */
export function NuiteesTable({ reservation }: { reservation: ReservationDetail }) {
  return (
    <Table<Nuitee>
      rowKey="id"
      size="small"
      pagination={reservation.nuitees.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      columns={columns(reservation)}
      dataSource={reservation.nuitees}
      rowClassName={(night) => (night.annulee ? 'nuitee-annulee' : '')}
      onRow={(night) => (night.annulee ? { style: { color: 'rgba(0, 0, 0, 0.35)' } } : {})}
      locale={{ emptyText: 'Aucune nuitée' }}
      scroll={{ x: 'max-content' }}
    />
  );
}
