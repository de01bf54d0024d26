import { PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, formatMoney, saveSelection } from 'shared';
import { PageFrame, ResourceTable, type ResourceColumn } from 'shared/ui';
import type { ContratStatut } from 'shared/contract';
import { useCanWrite } from '../../../lib/use-can-write';
import { headerMoney, type ContratKind, type ContratRow, type ListExtraColumn } from '../kinds';
import { MODE_TARIFICATION_LABELS, periode } from '../utils/contrat-values';
import { ContratFormModal } from './contrat-form-modal';
import { STATUT_OPTIONS, StatutTag } from './contrat-statut';

const amount = (field: 'montantPafJour' | 'montantCafJour', title: string): ResourceColumn<ContratRow> => ({
  key: field,
  title,
  width: 110,
  align: 'right',
  render: (row) => formatMoney(headerMoney(row, field)),
});

const EXTRA_COLUMNS: Record<ListExtraColumn, ResourceColumn<ContratRow>> = {
  montantPafJour: amount('montantPafJour', 'PAF / jour'),
  montantCafJour: amount('montantCafJour', 'CAF / jour'),
  modeTarification: {
    key: 'modeTarification',
    title: 'Tarification',
    width: 140,
    render: (row) => MODE_TARIFICATION_LABELS[row.modeTarification],
  },
};

/** Reference, the party (client or hotel) unless the list is one party's, period, status, the kind's columns. */
export function contratColumns(
  kind: ContratKind,
  { withParty }: { withParty: boolean },
): ResourceColumn<ContratRow>[] {
  return [
    { key: 'reference', title: 'Référence', sortable: true, searchable: true },
    ...(withParty ? [{ key: kind.party.nomField, title: kind.party.label }] : []),
    {
      key: 'dateDebut',
      title: 'Période',
      sortable: true,
      render: (row) => periode(row.dateDebut, row.dateFin),
    },
    { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
    ...(withParty ? kind.listColumns.map((column) => EXTRA_COLUMNS[column]) : []),
  ];
}

/** Opens a contract's card, remembering the row for the card to show at once. */
export function useOpenContrat(kind: ContratKind) {
  const navigate = useNavigate();
  return (row: ContratRow) => {
    saveSelection('contract', row);
    void navigate(dashboardUrl(kind.detailsRouteId, { id: row.id }));
  };
}

/** A contract list: search on the reference, filter on the status; administrators create contracts. */
export function ContratsListPage({ kind }: { kind: ContratKind }) {
  const canWrite = useCanWrite();
  const open = useOpenContrat(kind);
  const [statut, setStatut] = useState<ContratStatut | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <PageFrame
      routeId={kind.routeId}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Créer un contrat
          </Button>
        )
      }
    >
      <ResourceTable<ContratRow>
        path={statut ? `${kind.path}?statut=${statut}` : kind.path}
        columns={contratColumns(kind, { withParty: true })}
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
        <ContratFormModal
          kind={kind}
          open={creating}
          contrat={null}
          onClose={() => setCreating(false)}
          onSaved={open}
        />
      )}
    </PageFrame>
  );
}
