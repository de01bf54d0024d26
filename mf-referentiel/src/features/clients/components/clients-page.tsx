import { Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { ResourceColumn } from 'shared/ui';
import { CLIENT_TYPES, REFERENTIEL_PATHS, type ClientType, type Client } from 'shared/contract';
import { CLIENT_TYPE_LABELS } from '../../../lib/labels';
import { ReferenceListPage } from '../../../lib/reference-list-page';
import { ReferenceName } from '../../../lib/reference-name';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useArchiveClient } from '../api/archive-client';
import { useRestoreClient } from '../api/restore-client';
import { ClientFormModal } from './client-form-modal';

const TYPE_OPTIONS = CLIENT_TYPES.map((type) => ({ value: type, label: CLIENT_TYPE_LABELS[type] }));

/**
 * The type filter, kept in the URL (`?type=collectivite`) like the column searches. A free-text search would
 * compare the user's French label (« Collectivité ») with the stored code (`collectivite`) and miss: a choice
 * among the five labels sends the code itself.
 */
function useTypeFilter(): [ClientType | null, (type: ClientType | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('type');
  const type = CLIENT_TYPES.find((candidate) => candidate === raw) ?? null;
  const setType = (next: ClientType | null) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next) params.set('type', next);
      else params.delete('type');
      params.delete('page');
      return params;
    });
  return [type, setType];
}

/** Clients: searchable list, row opens the client's card; administrators create, edit, archive and restore. */
export function ClientsPage() {
  const archive = useArchiveClient();
  const restore = useRestoreClient();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesClients);
  const [type, setType] = useTypeFilter();

  const columns: ResourceColumn<Client>[] = [
    { key: 'nom', title: 'Nom', sortable: true, searchable: true },
    { key: 'type', title: 'Type', sortable: true, render: (row) => CLIENT_TYPE_LABELS[row.type] },
    {
      key: 'groupeId',
      title: 'Groupe',
      render: (row) => <ReferenceName lookup={groupes} id={row.groupeId} />,
    },
    { key: 'ville', title: 'Ville', sortable: true, searchable: true },
  ];

  return (
    <ReferenceListPage<Client>
      routeId="client"
      detailsRouteId="client-details"
      selectionKey="client"
      // The type travels as a fixed parameter of the path; the table adds paging, sort and column searches.
      path={type ? `${REFERENTIEL_PATHS.clients}?type=${type}` : REFERENTIEL_PATHS.clients}
      createLabel="Créer un client"
      columns={columns}
      archive={archive.mutateAsync}
      restore={restore.mutateAsync}
      toolbar={
        <Select<ClientType>
          aria-label="Filtrer par type"
          allowClear
          placeholder="Tous les types"
          style={{ width: 220 }}
          value={type ?? undefined}
          options={TYPE_OPTIONS}
          onChange={(value) => setType(value ?? null)}
        />
      }
      form={({ record, ...modal }) => <ClientFormModal {...modal} client={record} groupes={groupes} />}
    />
  );
}
