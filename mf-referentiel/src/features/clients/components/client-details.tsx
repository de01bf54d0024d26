import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDate } from 'shared';
import { PageFrame, RecordGate } from 'shared/ui';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { CLIENT_TYPE_LABELS } from '../../../lib/labels';
import { ArchivedTag, orNone } from '../../../lib/record-details';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useClient } from '../api/get-client';
import { ClientFormModal } from './client-form-modal';

export interface ClientDetailsProps {
  /** Sections under the card, given the loaded client (its residents, its contracts…). */
  children?: (client: Client) => ReactNode;
}

/** The client's card, with « Modifier » for administrators; the page composes the sections below it. */
export function ClientDetails({ children }: ClientDetailsProps) {
  const state = useClient();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesClients);
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const { record } = state;

  return (
    <PageFrame
      routeId="client-details"
      extra={
        canWrite &&
        record &&
        !record.archivedAt && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )
      }
    >
      <RecordGate record={state.record} state={state} notFoundTitle="Client introuvable" listRouteId="client">
        {(client) => (
          <Flex vertical gap={16}>
            <Descriptions
              title={
                <Space wrap>
                  {client.nom}
                  <ArchivedTag archivedAt={client.archivedAt} />
                </Space>
              }
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'type', label: 'Type', children: CLIENT_TYPE_LABELS[client.type] },
                {
                  key: 'groupe',
                  label: 'Groupe',
                  children: <ReferenceName lookup={groupes} id={client.groupeId} />,
                },
                { key: 'siret', label: 'SIRET', children: orNone(client.siret) },
                { key: 'contact', label: 'Contact', children: orNone(client.contactNom) },
                { key: 'adresse', label: 'Adresse', children: client.adresse, span: 'filled' },
                { key: 'codePostal', label: 'Code postal', children: client.codePostal },
                { key: 'ville', label: 'Ville', children: client.ville },
                { key: 'email', label: 'E-mail', children: orNone(client.email) },
                { key: 'telephone', label: 'Téléphone', children: orNone(client.telephone) },
                { key: 'creation', label: 'Créé le', children: formatDate(client.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(client.updatedAt) },
              ]}
            />
            {children?.(client)}
          </Flex>
        )}
      </RecordGate>
      {canWrite && record && (
        <ClientFormModal open={editing} client={record} groupes={groupes} onClose={() => setEditing(false)} />
      )}
    </PageFrame>
  );
}
