import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  dashboardUrl,
  PageFrame,
  ResourceTable,
  saveSelection,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import type { ContratClient, ContratStatut, ContratEtablissement } from 'shared/contract';
import { periode, STATUT_OPTIONS, StatutTag } from './contrats';
import { useCanWrite } from './use-can-write';

type ContratRow = ContratClient | ContratEtablissement;

/** Reference, the party (client or hotel) when given, period, status, then the kind's own columns. */
export function contratColumns<R extends ContratRow>(
  party?: ResourceColumn<R>,
  extra: ResourceColumn<R>[] = [],
): ResourceColumn<R>[] {
  return [
    { key: 'reference', title: 'Référence', sortable: true, searchable: true },
    ...(party ? [party] : []),
    {
      key: 'dateDebut',
      title: 'Période',
      sortable: true,
      render: (row) => periode(row.dateDebut, row.dateFin),
    },
    { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
    ...extra,
  ];
}

/** Opens a contract's card, remembering the row for the card to show at once. */
export function useOpenContrat<R extends ContratRow>(detailsRouteId: string) {
  const navigate = useNavigate();
  return (row: R) => {
    saveSelection('contract', row);
    navigate(dashboardUrl(detailsRouteId, { id: row.id }));
  };
}

/** What a contract list has of its kind: routes, endpoint, columns and the creation form. */
export interface ContratsListKind<R extends ContratRow> {
  routeId: string;
  detailsRouteId: string;
  /** The list endpoint (CONTRATS_PATHS). */
  path: string;
  columns: ResourceColumn<R>[];
  FormModal: ComponentType<{
    open: boolean;
    contrat: null;
    onClose: () => void;
    onSaved: (contrat: R) => void;
  }>;
}

/** A contract list: search on the reference, filter on the status; administrators create contracts. */
export function ContratsListPage<R extends ContratRow>({ kind }: { kind: ContratsListKind<R> }) {
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const open = useOpenContrat<R>(kind.detailsRouteId);
  const [statut, setStatut] = useState<ContratStatut | null>(null);
  const [creating, setCreating] = useState(false);
  const { FormModal } = kind;

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
      <ResourceTable<R>
        ref={table}
        path={statut ? `${kind.path}?statut=${statut}` : kind.path}
        columns={kind.columns}
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
        <FormModal
          open={creating}
          contrat={null}
          onClose={() => setCreating(false)}
          onSaved={(contrat) => open(contrat)}
        />
      )}
    </PageFrame>
  );
}

/** The contracts of one client or hotel, for its card (`path` carries the filter); a row opens the contract. */
export function PartyContrats<R extends ContratRow>({
  path,
  detailsRouteId,
}: {
  path: string;
  detailsRouteId: string;
}) {
  const open = useOpenContrat<R>(detailsRouteId);
  return (
    <Card type="inner" title="Contrats">
      <ResourceTable<R> path={path} columns={contratColumns<R>()} onOpen={open} />
    </Card>
  );
}
