import { PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  dashboardUrl,
  formatMoney,
  PageFrame,
  ResourceTable,
  saveSelection,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import { CONTRATS_PATHS, type ContratClient, type ContratStatut } from 'shared/contract';
import { periode, STATUT_OPTIONS, StatutTag } from '../../../lib/contrats';
import { useCanWrite } from '../../../lib/use-can-write';
import { ContratClientFormModal } from './contrat-client-form-modal';

export const contratClientColumns: ResourceColumn<ContratClient>[] = [
  { key: 'reference', title: 'Référence', sortable: true, searchable: true },
  { key: 'clientNom', title: 'Client' },
  {
    key: 'dateDebut',
    title: 'Période',
    sortable: true,
    render: (row) => periode(row.dateDebut, row.dateFin),
  },
  { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
  {
    key: 'montantPafJour',
    title: 'PAF / jour',
    width: 110,
    align: 'right',
    render: (row) => formatMoney(row.montantPafJour),
  },
  {
    key: 'montantCafJour',
    title: 'CAF / jour',
    width: 110,
    align: 'right',
    render: (row) => formatMoney(row.montantCafJour),
  },
];

/** Opens a sale contract's card, remembering the row for the card to show at once. */
export function useOpenContratClient() {
  const navigate = useNavigate();
  return (row: ContratClient) => {
    saveSelection('contract', row);
    navigate(dashboardUrl('contrat-client-details', { id: row.id }));
  };
}

/** Sale contracts (clients): search on the reference, filter on the status; administrators create them. */
export function ContratsClientsPage() {
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const open = useOpenContratClient();
  const [statut, setStatut] = useState<ContratStatut | null>(null);
  const [creating, setCreating] = useState(false);
  const path = statut ? `${CONTRATS_PATHS.contratsClients}?statut=${statut}` : CONTRATS_PATHS.contratsClients;

  return (
    <PageFrame
      routeId="contrat-client"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Créer un contrat
          </Button>
        )
      }
    >
      <ResourceTable<ContratClient>
        ref={table}
        path={path}
        columns={contratClientColumns}
        onOpen={open}
        toolbar={
          <Select<ContratStatut>
            aria-label="Filtrer par statut"
            allowClear
            placeholder="Tous les statuts"
            style={{ width: 180 }}
            value={statut}
            options={STATUT_OPTIONS}
            onChange={(value) => setStatut(value ?? null)}
          />
        }
      />
      {canWrite && (
        <ContratClientFormModal
          open={creating}
          contrat={null}
          onClose={() => setCreating(false)}
          onSaved={(contrat) => open(contrat)}
        />
      )}
    </PageFrame>
  );
}
