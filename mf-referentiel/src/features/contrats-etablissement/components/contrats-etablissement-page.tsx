import { PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  dashboardUrl,
  PageFrame,
  ResourceTable,
  saveSelection,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import { CONTRATS_PATHS, type ContratEtablissement, type ContratStatut } from 'shared/contract';
import { MODE_TARIFICATION_LABELS, periode, STATUT_OPTIONS, StatutTag } from '../../../lib/contrats';
import { useCanWrite } from '../../../lib/use-can-write';
import { ContratEtablissementFormModal } from './contrat-etablissement-form-modal';

export const contratEtablissementColumns: ResourceColumn<ContratEtablissement>[] = [
  { key: 'reference', title: 'Référence', sortable: true, searchable: true },
  { key: 'etablissementNom', title: 'Établissement' },
  {
    key: 'dateDebut',
    title: 'Période',
    sortable: true,
    render: (row) => periode(row.dateDebut, row.dateFin),
  },
  { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
  {
    key: 'modeTarification',
    title: 'Tarification',
    width: 140,
    render: (row) => MODE_TARIFICATION_LABELS[row.modeTarification],
  },
];

/** Opens a purchase contract's card, remembering the row for the card to show at once. */
export function useOpenContratEtablissement() {
  const navigate = useNavigate();
  return (row: ContratEtablissement) => {
    saveSelection('contract', row);
    navigate(dashboardUrl('contract-etablissement-details', { id: row.id }));
  };
}

/** Purchase contracts: search on the reference, filter on the status; administrators create them. */
export function ContratsEtablissementPage() {
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const open = useOpenContratEtablissement();
  const [statut, setStatut] = useState<ContratStatut | null>(null);
  const [creating, setCreating] = useState(false);
  const path = statut
    ? `${CONTRATS_PATHS.contratsEtablissement}?statut=${statut}`
    : CONTRATS_PATHS.contratsEtablissement;

  return (
    <PageFrame
      routeId="contract-etablissement"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Créer un contrat
          </Button>
        )
      }
    >
      <ResourceTable<ContratEtablissement>
        ref={table}
        path={path}
        columns={contratEtablissementColumns}
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
        <ContratEtablissementFormModal
          open={creating}
          contrat={null}
          onClose={() => setCreating(false)}
          onSaved={(contrat) => open(contrat)}
        />
      )}
    </PageFrame>
  );
}
