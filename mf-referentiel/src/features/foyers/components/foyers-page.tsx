import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { dashboardUrl, formatNumber } from 'shared';
import { labelSearch, PageFrame, type ResourceColumn, ResourceTable, useUrlFilters } from 'shared/ui';
import { FOYERS_PATHS, REFERENTIEL_PATHS, type FoyerItem } from 'shared/contract';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { FoyerFormModal } from './foyer-form-modal';

const FILTERS = ['recherche', 'clientId'] as const;

/** « Awa Koné, Ibrahim Koné +2 »: the first members by name, then how many more. */
function MembresCell({ foyer }: { foyer: FoyerItem }) {
  if (foyer.nombreMembres === 0) return <Typography.Text type="secondary">Aucun membre</Typography.Text>;
  const more = foyer.nombreMembres - foyer.membres.length;
  return (
    <span>
      {foyer.membres.map((m, index) => (
        <span key={m.id}>
          {index > 0 && ', '}
          <Link to={dashboardUrl('pensionnaire', { id: m.id })}>{`${m.prenom} ${m.nom}`}</Link>
        </span>
      ))}
      {more > 0 && ` +${more}`}
    </span>
  );
}

/** The households: search by the household's or a member's name, by client; a row opens the household's card. */
export function FoyersPage() {
  const navigate = useNavigate();
  const clients = useReferenceLookup(REFERENTIEL_PATHS.clients);
  const filters = useUrlFilters(FILTERS);
  const [creating, setCreating] = useState(false);
  const recherche = typeof filters.values.recherche === 'string' ? filters.values.recherche : undefined;
  const clientId = typeof filters.values.clientId === 'string' ? filters.values.clientId : undefined;
  const [draft, setDraft] = useState(recherche ?? '');

  const query = new URLSearchParams();
  if (recherche) query.set('recherche', recherche);
  if (clientId && /^\d+$/.test(clientId)) query.set('clientId', clientId);
  const path = query.size > 0 ? `${FOYERS_PATHS.list}?${query.toString()}` : FOYERS_PATHS.list;

  const columns: ResourceColumn<FoyerItem>[] = [
    { key: 'nom', title: 'Foyer', sortable: true, searchable: true },
    { key: 'client', title: 'Client', sortable: true, render: (row) => row.clientNom },
    { key: 'membre', title: 'Membres', searchable: true, render: (row) => <MembresCell foyer={row} /> },
    { key: 'nombreMembres', title: 'Nombre', sortable: true, align: 'right', width: 110 },
  ];

  return (
    <PageFrame
      routeId="foyers"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Créer un foyer
        </Button>
      }
    >
      <ResourceTable<FoyerItem>
        path={path}
        columns={columns}
        toolbar={
          <Flex wrap gap={8} style={{ width: '100%' }}>
            <Input.Search
              aria-label="Rechercher un foyer ou un membre"
              placeholder="Foyer ou membre (nom, prénom)"
              allowClear
              maxLength={100}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onSearch={(value) => filters.setFilter('recherche', value.trim())}
              style={{ flex: '1 1 220px', maxWidth: 320 }}
            />
            <Select
              aria-label="Client"
              placeholder="Tous les clients"
              allowClear
              showSearch={labelSearch}
              loading={clients.loading}
              options={clients.options}
              value={clientId && /^\d+$/.test(clientId) ? Number(clientId) : undefined}
              onChange={(value: number | undefined) =>
                filters.setFilter('clientId', value === undefined ? undefined : String(value))
              }
              style={{ flex: '1 1 220px', maxWidth: 300 }}
            />
          </Flex>
        }
        filtersActive={filters.active}
        onClearFilters={(also) => {
          setDraft('');
          filters.clearFilters(also);
        }}
        totalLabel={(total) => `${formatNumber(total)} foyer${total > 1 ? 's' : ''}`}
        emptyDescription="Aucun foyer"
        onOpen={(row) => void navigate(dashboardUrl('foyer', { id: row.id }))}
      />
      <FoyerFormModal
        open={creating}
        foyer={null}
        clients={clients}
        onClose={() => setCreating(false)}
        onSaved={(written) => void navigate(dashboardUrl('foyer', { id: written.data.id }))}
      />
    </PageFrame>
  );
}
