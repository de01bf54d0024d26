import { Card, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate, useRecordQuery } from 'shared';
import { ReservationStatutTag } from 'shared/ui';
import {
  DEMANDE_TYPE_LABELS,
  REFERENTIEL_PATHS,
  demandeStatutLabel,
  type DemandeItem,
  type FoyerDetail,
  type FoyerSejour,
} from 'shared/contract';
import { DetailFrame } from '../../../lib/detail-frame';
import { orNone } from '../../../lib/record-details';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { foyerQueryOptions } from '../api/get-foyer';
import { FoyerFormModal } from './foyer-form-modal';
import { FoyerMembres } from './foyer-membres';

const periode = (debut: string, fin: string) => `${formatDate(debut)} → ${formatDate(fin)}`;

function Sejours({ foyer }: { foyer: FoyerDetail }) {
  return (
    <Card title="Séjours des membres" size="small">
      <Table<FoyerSejour>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={foyer.sejours}
        locale={{ emptyText: 'Aucun séjour' }}
        columns={[
          {
            title: 'Séjour',
            render: (_, s) => <Link to={dashboardUrl('fiche-resa', { id: s.id })}>n° {s.id}</Link>,
          },
          { title: 'Pensionnaire', render: (_, s) => `${s.pensionnaire_prenom} ${s.pensionnaire_nom}` },
          { title: 'Établissement', dataIndex: 'etablissement_nom' },
          { title: 'Chambre', dataIndex: 'type_chambre_libelle' },
          { title: 'Période', render: (_, s) => periode(s.date_debut, s.date_fin) },
          {
            title: 'Statut',
            render: (_, s) => (
              <Space size={4} wrap>
                <ReservationStatutTag statut={s.statut} />
                {s.actuel && <Tag color="cyan">Actuel</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Demandes({ foyer }: { foyer: FoyerDetail }) {
  return (
    <Card title="Demandes d'hébergement" size="small">
      <Table<DemandeItem>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={foyer.demandes}
        locale={{ emptyText: 'Aucune demande' }}
        columns={[
          {
            title: 'Demande',
            render: (_, d) => <Link to={dashboardUrl('demande-hebergement', { id: d.id })}>n° {d.id}</Link>,
          },
          { title: 'Type', render: (_, d) => DEMANDE_TYPE_LABELS[d.type] },
          { title: 'État', render: (_, d) => <Tag>{demandeStatutLabel(d.type, d.statut)}</Tag> },
          { title: 'Période', render: (_, d) => periode(d.date_debut, d.date_fin) },
          {
            title: 'Pensionnaires',
            render: (_, d) => d.pensionnaires.map((p) => `${p.prenom} ${p.nom}`).join(', ') || '—',
          },
          { title: 'Reçue le', render: (_, d) => formatDate(d.created_at) },
        ]}
      />
    </Card>
  );
}

/** A household's card: its members (added and removed here), their stays and the requests that concern it. */
export function FoyerDetailsPage() {
  const state = useRecordQuery(foyerQueryOptions);
  const clients = useReferenceLookup(REFERENTIEL_PATHS.clients);

  return (
    <DetailFrame<FoyerDetail>
      routeId="foyer"
      state={state}
      notFoundTitle="Foyer introuvable"
      listRouteId="foyers"
      title={(foyer) => (
        <>
          {foyer.nom}
          {foyer.archivedAt && <Tag>Archivé</Tag>}
        </>
      )}
      items={(foyer) => [
        {
          key: 'client',
          label: 'Client',
          children: (
            <Link to={dashboardUrl('client-details', { id: foyer.clientId })}>{foyer.clientNom}</Link>
          ),
        },
        { key: 'membres', label: 'Nombre de membres', children: foyer.nombreMembres },
        { key: 'notes', label: 'Notes', children: orNone(foyer.notes), span: 'filled' },
      ]}
      edit={{
        allowed: (foyer) => !foyer.archivedAt,
        form: (foyer, modal) => <FoyerFormModal {...modal} foyer={foyer} clients={clients} />,
      }}
    >
      {(foyer) => (
        <>
          <FoyerMembres foyer={foyer} />
          <Sejours foyer={foyer} />
          <Demandes foyer={foyer} />
          {foyer.sejours.length === 0 && foyer.demandes.length === 0 && (
            <Typography.Text type="secondary">
              Ce foyer n&apos;a encore ni séjour ni demande d&apos;hébergement.
            </Typography.Text>
          )}
        </>
      )}
    </DetailFrame>
  );
}
