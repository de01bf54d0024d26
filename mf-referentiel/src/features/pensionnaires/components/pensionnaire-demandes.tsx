import { Card, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate, formatDateTime } from 'shared';
import {
  COMMUNICATION_STATUT_LABELS,
  COMMUNICATION_TYPE_LABELS,
  DEMANDE_TYPE_LABELS,
  demandeStatutLabel,
  type Communication,
  type DemandeItem,
} from 'shared/contract';
import { usePensionnaireCommunications, usePensionnaireDemandes } from '../api/get-pensionnaire-demandes';

/** The resident's accommodation requests and the communications about them (resident card). */
export function PensionnaireDemandes({ id }: { id: number }) {
  const demandes = usePensionnaireDemandes(id);
  const communications = usePensionnaireCommunications(id);
  return (
    <>
      <Card title="Demandes d'hébergement" size="small">
        <Table<DemandeItem>
          size="small"
          // On a phone the table scrolls inside its card instead of widening the page.
          scroll={{ x: 'max-content' }}
          rowKey="id"
          pagination={false}
          loading={demandes.isPending}
          dataSource={demandes.data ?? []}
          locale={{ emptyText: 'Aucune demande' }}
          columns={[
            {
              title: 'Demande',
              render: (_, d) => <Link to={dashboardUrl('demande-hebergement', { id: d.id })}>n° {d.id}</Link>,
            },
            { title: 'Type', render: (_, d) => DEMANDE_TYPE_LABELS[d.type] },
            { title: 'État', render: (_, d) => <Tag>{demandeStatutLabel(d.type, d.statut)}</Tag> },
            { title: 'Période', render: (_, d) => `${formatDate(d.date_debut)} → ${formatDate(d.date_fin)}` },
          ]}
        />
      </Card>
      <Card title="Communications" size="small">
        <Table<Communication>
          size="small"
          scroll={{ x: 'max-content' }}
          rowKey="id"
          pagination={false}
          loading={communications.isPending}
          dataSource={communications.data ?? []}
          locale={{ emptyText: 'Aucune communication' }}
          columns={[
            { title: 'Document', render: (_, c) => COMMUNICATION_TYPE_LABELS[c.type_document] },
            { title: 'État', render: (_, c) => COMMUNICATION_STATUT_LABELS[c.statut] },
            { title: 'Créée le', render: (_, c) => formatDateTime(c.created_at) },
            {
              title: '',
              render: (_, c) => (
                <a href={`/view-pdf?id=${c.id}`} target="_blank" rel="noreferrer">
                  Voir
                </a>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
