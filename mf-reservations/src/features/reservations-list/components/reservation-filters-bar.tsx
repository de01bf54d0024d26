import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useLookup, type LookupRow } from 'shared';
import { JOURS_FILTRE_LABELS, REFERENTIEL_PATHS } from 'shared/contract/values';
import type { EtatPaiement, ReservationStatut, TypeResa } from 'shared/contract';
import { labelSearch, SearchOnEnter } from 'shared/ui';
import { PeriodFilter } from '../../../lib/period-filter';
import { ETAT_PAIEMENT_OPTIONS, STATUT_OPTIONS, TYPE_RESA_OPTIONS } from '../../../lib/reservation-labels';
import type { ReservationFiltersState } from '../../../lib/reservation-filters';

const toOptions = (rows: LookupRow[]) => rows.map((row) => ({ value: row.id, label: row.nom }));

const asNumber = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;

/**
 * The filters above the reservations list; each lives in the URL (`useReservationFilters`) and sends the list
 * back to page 1.
 */
export function ReservationFiltersBar({
  state,
  onReset,
}: {
  state: ReservationFiltersState;
  onReset: () => void;
}) {
  const { values, filters, setFilter, setFilters } = state;
  // The session's lookups, shared with the booking and the other screens: no request on a second visit.
  const clients = useLookup(REFERENTIEL_PATHS.clients);
  const hotels = useLookup(REFERENTIEL_PATHS.etablissements);
  const clientOptions = useMemo(() => toOptions(clients.data ?? []), [clients.data]);
  const hotelOptions = useMemo(() => toOptions(hotels.data ?? []), [hotels.data]);

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <Select<ReservationStatut[]>
          aria-label="Statut"
          mode="multiple"
          allowClear
          placeholder="Tous les statuts"
          style={{ minWidth: 220 }}
          value={filters.statut ? [filters.statut].flat() : []}
          options={STATUT_OPTIONS}
          onChange={(value) => setFilter('statut', value)}
        />
        <Select<TypeResa>
          aria-label="Type"
          allowClear
          placeholder="Initiale ou prolongation"
          style={{ width: 200 }}
          value={filters.type_resa ?? null}
          options={TYPE_RESA_OPTIONS}
          onChange={(value) => setFilter('type_resa', value)}
        />
        <Select<number>
          aria-label="Client"
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les clients"
          loading={clients.isPending}
          style={{ width: 240 }}
          value={asNumber(values.client_id) ?? null}
          options={clientOptions}
          onChange={(value) => setFilter('client_id', value === undefined ? undefined : String(value))}
        />
        <Select<number>
          aria-label="Établissement"
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les établissements"
          loading={hotels.isPending}
          style={{ width: 240 }}
          value={asNumber(values.etablissement_id) ?? null}
          options={hotelOptions}
          onChange={(value) => setFilter('etablissement_id', value === undefined ? undefined : String(value))}
        />
        <SearchOnEnter
          aria-label="N° de dossier"
          placeholder="N° de dossier"
          style={{ width: 180 }}
          value={typeof values.numero_dossier === 'string' ? values.numero_dossier : ''}
          onSearch={(value) => setFilter('numero_dossier', value)}
        />
      </Flex>
      <Flex wrap gap={8} align="center">
        <PeriodFilter start={filters.start_date} end={filters.end_date} onChange={setFilter} />
        <Select<EtatPaiement>
          aria-label="État PAF"
          allowClear
          placeholder="État PAF"
          style={{ width: 150 }}
          value={filters.etat_payment_paf ?? null}
          options={ETAT_PAIEMENT_OPTIONS}
          onChange={(value) => setFilter('etat_payment_paf', value)}
        />
        <Select<EtatPaiement>
          aria-label="État CAF"
          allowClear
          placeholder="État CAF"
          style={{ width: 150 }}
          value={filters.etat_payment_caf ?? null}
          options={ETAT_PAIEMENT_OPTIONS}
          onChange={(value) => setFilter('etat_payment_caf', value)}
        />
        <Flex gap={6} align="center">
          <Switch
            aria-label="À prolonger"
            checked={filters.etat === 'prolongable'}
            onChange={(checked) => setFilter('etat', checked ? 'prolongable' : undefined)}
          />
          <span>À prolonger</span>
        </Flex>
        <Flex gap={6} align="center">
          <Switch
            aria-label={JOURS_FILTRE_LABELS.commence_h}
            checked={filters.jours === 'commence_h'}
            onChange={(checked) => setFilters({ jours: checked ? 'commence_h' : undefined })}
          />
          <span>{JOURS_FILTRE_LABELS.commence_h}</span>
        </Flex>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          Réinitialiser les filtres
        </Button>
      </Flex>
    </Flex>
  );
}
