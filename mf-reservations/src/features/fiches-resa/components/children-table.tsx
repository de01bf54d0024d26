import { Table, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { dashboardUrl, formatDate, saveSelection } from 'shared';
import type { ReservationItem, Retablissement } from 'shared/contract';
import { ReservationStatutTag } from 'shared/ui';
import { nuits, TypeResaTag } from '../../../lib/reservation-labels';
import { RestoreButton } from './actions/restore-button';

const open = (row: ReservationItem) => saveSelection('resa', row);

const columns: TableColumnsType<ReservationItem> = [
  {
    key: 'id',
    title: 'N°',
    render: (_, row) => (
      <Link
        to={dashboardUrl('fiche-resa', { id: row.id })}
        onClick={(event) => {
          event.stopPropagation();
          open(row);
        }}
      >
        {row.id}
      </Link>
    ),
  },
  {
    key: 'pensionnaire',
    title: 'Pensionnaire',
    render: (_, row) => `${row.pensionnaire_nom.toUpperCase()} ${row.pensionnaire_prenom}`,
  },
  { key: 'dossier', title: 'N° de dossier', dataIndex: 'numero_dossier' },
  { key: 'chambre', title: 'Chambre', render: (_, row) => row.chambre ?? '—' },
  { key: 'arrivee', title: 'Arrivée', render: (_, row) => formatDate(row.date_debut) },
  { key: 'depart', title: 'Départ', render: (_, row) => formatDate(row.date_fin) },
  { key: 'nuits', title: 'Nuits', render: (_, row) => nuits(row.nombre_nuits) },
  { key: 'type', title: 'Type', render: (_, row) => <TypeResaTag type={row.type_resa} /> },
  { key: 'statut', title: 'Statut', render: (_, row) => <ReservationStatutTag statut={row.statut} /> },
];

/**
 * « Rétablir » beside a stay that may be restored. Clicks inside it (its dialog included: React events cross the
 * portal) stay out of the row, which opens the stay.
 */
function restoreColumn(retablissements: Retablissement[]): TableColumnsType<ReservationItem>[number] {
  const byStay = new Map(retablissements.map((r) => [r.reservation_id, r]));
  return {
    key: 'retablir',
    title: '',
    render: (_, row) => {
      const retablissement = byStay.get(row.id);
      return retablissement ? (
        <span onClick={(event) => event.stopPropagation()}>
          <RestoreButton retablissement={retablissement} version={row.version} size="small" />
        </span>
      ) : null;
    },
  };
}

/** The stays of the full reservation; a row (or its N°, by keyboard) opens fiche-resa. */
export function ChildrenTable({
  reservations,
  retablissements = [],
}: {
  reservations: ReservationItem[];
  /** The stays « Rétablir » may restore now (GET /reservations_integrales/:id). */
  retablissements?: Retablissement[];
}) {
  const navigate = useNavigate();
  return (
    <Table<ReservationItem>
      rowKey="id"
      size="small"
      pagination={reservations.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      columns={retablissements.length > 0 ? [...columns, restoreColumn(retablissements)] : columns}
      dataSource={reservations}
      onRow={(row) => ({
        style: { cursor: 'pointer' },
        onClick: () => {
          open(row);
          void navigate(dashboardUrl('fiche-resa', { id: row.id }));
        },
      })}
      locale={{ emptyText: 'Aucune réservation' }}
      scroll={{ x: 'max-content' }}
    />
  );
}
