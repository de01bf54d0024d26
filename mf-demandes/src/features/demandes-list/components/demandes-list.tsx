import { SyncOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEMANDE_ACTIONS, dashboardUrl, formatDate, isApiDate } from 'shared';
import { ResourceTable, useUrlFilters, whenOpened, type ResourceColumn } from 'shared/ui';
import { DEMANDE_STATUTS, DEMANDE_TYPES } from 'shared/contract/values';
import type { DemandeFilters, DemandeItem, DemandeStatut, SyncAnswer } from 'shared/contract';
import { countLabel, StatutTag, typeLabel } from '../../../lib/demande-labels';
import { DEMANDE_FILTER_PARAMS, DemandeFiltersBar, type DemandeFilterParam } from './demande-filters-bar';
import { demandesListSource } from '../api/get-demandes';
import { useSyncDemandes } from '../api/sync-demandes';

// The sync's report (a Modal over a Table) is fetched with the first sync's answer.
const SyncReport = whenOpened(() => import('./sync-report').then((module) => module.SyncReport));

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
export function filtersOf(values: Partial<Record<DemandeFilterParam, string | string[]>>): DemandeFilters {
  const action = DEMANDE_ACTIONS.find((a) => a.key === values.action)?.key;
  const statuts = [values.statut ?? []]
    .flat()
    .filter((s): s is DemandeStatut => (DEMANDE_STATUTS as readonly string[]).includes(s));
  const type = DEMANDE_TYPES.find((t) => t === values.type);
  const id = (value: string | string[] | undefined) =>
    typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
  const clientId = id(values.client_id);
  const pensionnaireId = id(values.pensionnaire_id);
  const foyerId = id(values.foyer_id);
  const recherche = typeof values.recherche === 'string' ? values.recherche.trim().slice(0, 100) : '';
  return {
    ...(action && { action }),
    ...(statuts.length > 0 && { statut: statuts }),
    ...(type && { type }),
    ...(values.urgente === 'true' && { urgente: true }),
    ...(clientId !== undefined && { client_id: clientId }),
    ...(pensionnaireId !== undefined && { pensionnaire_id: pensionnaireId }),
    ...(foyerId !== undefined && { foyer_id: foyerId }),
    ...(isApiDate(values.start_date) && { start_date: values.start_date }),
    ...(isApiDate(values.end_date) && { end_date: values.end_date }),
    ...(recherche !== '' && { recherche }),
  };
}

/** Demande-Hebergement: filters and column searches in the URL, bulk selection → sync with a per-row report. */
export function DemandesList({ toolbarExtra }: { toolbarExtra?: ReactNode }) {
  const navigate = useNavigate();
  const state = useUrlFilters(DEMANDE_FILTER_PARAMS, { multiple: ['statut'] });
  const filters = useMemo(() => filtersOf(state.values), [state.values]);
  const source = useMemo(() => demandesListSource(filters), [filters]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [report, setReport] = useState<SyncAnswer | null>(null);
  const sync = useSyncDemandes();

  return (
    <>
      <DemandeFiltersBar state={state} filters={filters} onReset={() => state.clearFilters(SEARCHABLE)} />
      <ResourceTable<DemandeItem>
        {...source}
        columns={demandeColumns}
        filtersActive={state.active}
        onClearFilters={() => state.clearFilters(SEARCHABLE)}
        resetButton={false}
        totalLabel={countLabel}
        emptyDescription="Aucune demande"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        onOpen={(row) => void navigate(dashboardUrl('demande-hebergement', { id: row.id }))}
        toolbar={
          <Space wrap>
            <Button
              icon={<SyncOutlined />}
              disabled={selected.length === 0}
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(selected.map(Number), {
                  onSuccess: (answer) => {
                    // A large sync is a task (202): its report is in « Tâches », not here.
                    setReport('resultats' in answer ? answer : null);
                    setSelected([]);
                  },
                })
              }
            >
              Synchroniser ({selected.length})
            </Button>
            {toolbarExtra}
          </Space>
        }
      />
      <SyncReport open={report !== null} answer={report} onClose={() => setReport(null)} />
    </>
  );
}
