import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ACTION_PARAM, API_DATE_FORMAT, DEMANDE_ACTIONS, useLookup } from 'shared';
import { DateInput, labelSearch, SearchOnEnter, type UrlFiltersState } from 'shared/ui';
import {
  DEMANDE_STATUTS,
  DEMANDE_STATUT_LABELS,
  DEMANDE_TYPES,
  REFERENTIEL_PATHS,
} from 'shared/contract/values';
import type { DemandeFilters, DemandeType } from 'shared/contract';
import { typeLabel } from '../../../lib/demande-labels';

/** The list's filters, all in the URL (the top bar's presets and the resident card's links land here). */
export const DEMANDE_FILTER_PARAMS = [
  ACTION_PARAM,
  'statut',
  'type',
  'urgente',
  'client_id',
  'start_date',
  'end_date',
  'recherche',
  'pensionnaire_id',
  'foyer_id',
] as const;
export type DemandeFilterParam = (typeof DEMANDE_FILTER_PARAMS)[number];

function Day({
  label,
  value,
  onChange,
  after,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  after?: string | undefined;
}) {
  return (
    <DateInput
      deferPicker
      aria-label={label}
      value={value ? dayjs(value) : null}
      style={{ width: 150 }}
      onChange={(day) => onChange(day && !Array.isArray(day) ? day.format(API_DATE_FORMAT) : undefined)}
      disabledDate={(day) => after !== undefined && day.format(API_DATE_FORMAT) <= after}
    />
  );
}

/** Action, kind, state, urgency; client, requested period, resident or referent. */
export function DemandeFiltersBar({
  state,
  filters,
  onReset,
}: {
  state: UrlFiltersState<DemandeFilterParam>;
  filters: DemandeFilters;
  onReset: () => void;
}) {
  // The session's lookup of clients, shared with the other screens: no request on a second visit.
  const clients = useLookup(REFERENTIEL_PATHS.clients);
  const clientOptions = useMemo(
    () => (clients.data ?? []).map((row) => ({ value: row.id, label: row.nom })),
    [clients.data],
  );
  const recherche = typeof state.values.recherche === 'string' ? state.values.recherche : '';
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex wrap gap={8}>
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
      <Flex wrap gap={8} align="center">
        <Select<number>
          aria-label="Client"
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les clients"
          loading={clients.isPending}
          style={{ width: 260, maxWidth: '100%' }}
          value={filters.client_id ?? null}
          options={clientOptions}
          onChange={(value) => state.setFilter('client_id', value === undefined ? undefined : String(value))}
        />
        <Typography.Text>Période du</Typography.Text>
        <Day
          label="Début de période"
          value={filters.start_date}
          onChange={(value) => state.setFilter('start_date', value)}
        />
        <Typography.Text>au</Typography.Text>
        <Day
          label="Fin de période"
          value={filters.end_date}
          after={filters.start_date}
          onChange={(value) => state.setFilter('end_date', value)}
        />
        <SearchOnEnter
          aria-label="Pensionnaire ou référent"
          placeholder="Pensionnaire ou référent (nom, n° de dossier, e-mail)"
          style={{ width: 320, maxWidth: '100%' }}
          value={recherche}
          onSearch={(value) => state.setFilter('recherche', value === '' ? undefined : value)}
        />
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          Réinitialiser les filtres
        </Button>
      </Flex>
    </Flex>
  );
}
