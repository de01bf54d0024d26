import type { ReactNode } from 'react';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { DetailFrame } from '../../../lib/detail-frame';
import { CLIENT_TYPE_LABELS } from '../../../lib/labels';
import { addressItems, ArchivedTag, orNone } from '../../../lib/record-details';
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

  return (
    <DetailFrame<Client>
      routeId="client-details"
      state={state}
      notFoundTitle="Client introuvable"
      listRouteId="client"
      title={(client) => (
        <>
          {client.nom}
          <ArchivedTag archivedAt={client.archivedAt} />
        </>
      )}
      items={(client) => [
        { key: 'type', label: 'Type', children: CLIENT_TYPE_LABELS[client.type] },
        { key: 'groupe', label: 'Groupe', children: <ReferenceName lookup={groupes} id={client.groupeId} /> },
        { key: 'siret', label: 'SIRET', children: orNone(client.siret) },
        { key: 'contact', label: 'Contact', children: orNone(client.contactNom) },
        ...addressItems(client),
        { key: 'email', label: 'E-mail', children: orNone(client.email) },
        { key: 'telephone', label: 'Téléphone', children: orNone(client.telephone) },
      ]}
      edit={
        canWrite
          ? {
              allowed: (client) => !client.archivedAt,
              form: (client, modal) => <ClientFormModal {...modal} client={client} groupes={groupes} />,
            }
          : undefined
      }
    >
      {children}
    </DetailFrame>
  );
}
