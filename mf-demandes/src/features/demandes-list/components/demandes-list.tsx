import { SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Select, Table, Tag } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACTION_PARAM, DEMANDE_ACTIONS, dashboardUrl, formatDate } from 'shared';
import { ResourceTable, useUrlFilters, type ResourceColumn } from 'shared/ui';
import {
  DEMANDE_STATUTS,
  DEMANDE_STATUT_LABELS,
  DEMANDE_TYPES,
  type DemandeFilters,
  type DemandeItem,
  type DemandeStatut,
  type DemandeType,
  type SyncResultat,
} from 'shared/contract';
import { countLabel, StatutTag, typeLabel } from '../../../lib/demande-labels';
import { demandesListSource } from '../api/get-demandes';
import { useSyncDemandes } from '../api/sync-demandes';

const FILTERS = [ACTION_PARAM, 'statut', 'type', 'urgente'] as const;

export const demandeColumns: ResourceColumn<DemandeItem>[] = [
  { key: 'id', title: 'N°', sortable: true, width: 80 },
  {
    key: 'urgente',
    title: 'Urgence',
    sortable: true,
    width: 90,
    render: (row) => (row.urgente ? <Tag color="red">Urgente</Tag> : null),
  },
  { key: 'type', title: 'Type', sortable: true, render: (row) => typeLabel(row.type) },
  {
    key: 'statut',
    title: 'État',
    sortable: true,
    render: (row) => <StatutTag type={row.type} statut={row.statut} />,
  },
  { key: 'client', title: 'Client', sortable: true, searchable: true, render: (row) => row.client_nom },
  {
    key: 'pensionnaire',
    title: 'Pensionnaires',
    searchable: true,
    render: (row) => row.pensionnaires.map((p) => `${p.prenom} ${p.nom}`).join(', '),
  },
  { key: 'referent', title: 'Référent', searchable: true, render: (row) => row.referent_nom ?? '' },
  {
    key: 'date_debut',
    title: 'Période demandée',
    sortable: true,
    render: (row) => `${formatDate(row.date_debut)} → ${formatDate(row.date_fin)}`,
  },
  {
    key: 'created_at',
    title: 'Reçue',
    sortable: true,
    render: (row) => `${formatDate(row.created_at)} (${row.age_jours} j)`,
  },
  {
    key: 'reference',
    title: 'Référence client',
    searchable: true,
    render: (row) => row.reference_externe ?? '',
  },
];

const SEARCHABLE = demandeColumns.filter((c) => c.searchable).map((c) => c.key);

/** The URL's filters as the list body reads them. */
export function filtersOf(
  values: Partial<Record<(typeof FILTERS)[number], string | string[]>>,
): DemandeFilters {
  const action = DEMANDE_ACTIONS.find((a) => a.key === values.action)?.key;
  const statuts = [values.statut ?? []]
    .flat()
    .filter((s): s is DemandeStatut => (DEMANDE_STATUTS as readonly string[]).includes(s));
  const type = DEMANDE_TYPES.find((t) => t === values.type);
  return {
    ...(action && { action }),
    ...(statuts.length > 0 && { statut: statuts }),
    ...(type && { type }),
    ...(values.urgente === 'true' && { urgente: true }),
  };
}

function SyncReport({ resultats, onClose }: { resultats: SyncResultat[] | null; onClose: () => void }) {
  return (
    <Modal
      open={resultats !== null}
      title="Synchronisation des demandes"
      onCancel={onClose}
      onOk={onClose}
      width={720}
    >
      <Table<SyncResultat>
        size="small"
        rowKey="demande_id"
        pagination={false}
        dataSource={resultats ?? []}
        columns={[
          { title: 'Demande', dataIndex: 'demande_id', width: 90 },
          {
            title: 'Résultat',
            render: (_, row) =>
              row.ok ? <Tag color="green">Synchronisée</Tag> : <Tag color="red">Échec</Tag>,
            width: 120,
          },
          {
            title: 'Détail',
            render: (_, row) => (row.changements.length > 0 ? row.changements.join(' ; ') : row.message),
          },
        ]}
      />
    </Modal>
  );
}

/** Demande-Hebergement: filters and column searches in the URL, bulk selection → sync with a per-row report. */
export function DemandesList() {
  const navigate = useNavigate();
  const state = useUrlFilters(FILTERS, { multiple: ['statut'] });
  const filters = useMemo(() => filtersOf(state.values), [state.values]);
  const source = useMemo(() => demandesListSource(filters), [filters]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [report, setReport] = useState<SyncResultat[] | null>(null);
  const sync = useSyncDemandes();

  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select
          aria-label="Action"
          allowClear
          placeholder="Action"
          style={{ minWidth: 240 }}
          value={filters.action}
          options={DEMANDE_ACTIONS.map((a) => ({ value: a.key, label: a.label }))}
          onChange={(value?: string) => state.setFilter(ACTION_PARAM, value)}
        />
        <Select
          aria-label="Type"
          allowClear
          placeholder="Type"
          style={{ minWidth: 180 }}
          value={filters.type}
          options={DEMANDE_TYPES.map((t) => ({ value: t, label: typeLabel(t as DemandeType) }))}
          onChange={(value?: string) => state.setFilter('type', value)}
        />
        <Select
          aria-label="État"
          mode="multiple"
          allowClear
          placeholder="État"
          style={{ minWidth: 220 }}
          value={[filters.statut ?? []].flat()}
          options={DEMANDE_STATUTS.map((s) => ({ value: s, label: DEMANDE_STATUT_LABELS[s] }))}
          onChange={(value: string[]) => state.setFilter('statut', value)}
        />
        <Select
          aria-label="Urgence"
          allowClear
          placeholder="Urgence"
          style={{ minWidth: 140 }}
          value={filters.urgente ? 'true' : undefined}
          options={[{ value: 'true', label: 'Urgentes' }]}
          onChange={(value?: string) => state.setFilter('urgente', value)}
        />
      </Flex>
      <ResourceTable<DemandeItem>
        {...source}
        columns={demandeColumns}
        filtersActive={state.active}
        onClearFilters={() => state.clearFilters(SEARCHABLE)}
        totalLabel={countLabel}
        emptyDescription="Aucune demande"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        onOpen={(row) => void navigate(dashboardUrl('demande-hebergement', { id: row.id }))}
        toolbar={
          <Button
            icon={<SyncOutlined />}
            disabled={selected.length === 0}
            loading={sync.isPending}
            onClick={() =>
              sync.mutate(selected.map(Number), {
                onSuccess: (answer) => {
                  setReport(answer.resultats);
                  setSelected([]);
                },
              })
            }
          >
            Synchroniser ({selected.length})
          </Button>
        }
      />
      <SyncReport resultats={report} onClose={() => setReport(null)} />
    </>
  );
}
