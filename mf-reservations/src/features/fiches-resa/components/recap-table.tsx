import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatMoney, formatPeriod } from 'shared';
import type { RecapPensionnaire } from 'shared/contract';
import { ReservationStatutTag } from 'shared/ui';
import { nuits } from '../../../lib/reservation-labels';

const columns: TableColumnsType<RecapPensionnaire> = [
  {
    key: 'pensionnaire',
    title: 'Pensionnaire',
    render: (_, row) => (
      <Link to={dashboardUrl('pensionnaire', { id: row.pensionnaire_id })}>
        {row.pensionnaire_nom.toUpperCase()} {row.pensionnaire_prenom}
      </Link>
    ),
  },
  { key: 'dossier', title: 'N° de dossier', dataIndex: 'numero_dossier' },
  { key: 'periode', title: 'Période', render: (_, row) => formatPeriod(row.date_debut, row.date_fin) },
  {
    key: 'sejours',
    title: 'Réservations',
    render: (_, row) =>
      row.reservation_ids.map((id, index) => (
        <span key={id}>
          {index > 0 && ', '}
          <Link to={dashboardUrl('fiche-resa', { id })}>N° {id}</Link>
        </span>
      )),
  },
  { key: 'statut', title: 'Statut', render: (_, row) => <ReservationStatutTag statut={row.statut} /> },
  { key: 'nuitees', title: 'Nuitées', render: (_, row) => nuits(row.totaux.nuitees) },
  { key: 'vente', title: 'Vente TTC', align: 'right', render: (_, row) => formatMoney(row.totaux.vente.ttc) },
  { key: 'marge', title: 'Marge HT', align: 'right', render: (_, row) => formatMoney(row.totaux.marge_ht) },
];

/** GET /reservations_integrales/recap/:id: one row per resident, the chain of stays summed. */
export function RecapTable({ query }: { query: UseQueryResult<RecapPensionnaire[]> }) {
  if (query.isError) return <Alert type="error" showIcon title="Le récapitulatif n'a pas pu être chargé." />;
  return (
    <Table<RecapPensionnaire>
      rowKey="pensionnaire_id"
      size="small"
      loading={!query.data}
      pagination={false}
      columns={columns}
      dataSource={query.data ?? []}
      locale={{ emptyText: 'Aucun pensionnaire' }}
      scroll={{ x: 'max-content' }}
    />
  );
}
