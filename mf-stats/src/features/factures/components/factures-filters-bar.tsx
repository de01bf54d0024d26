import { Button, Checkbox, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { API_DATE_FORMAT, DATE_FORMAT } from 'shared';
import { FACTURE_STATUT_LABELS, FACTURE_STATUTS, type FactureStatut } from 'shared/contract';
import { SearchOnEnter, type UrlFiltersState } from 'shared/ui';
import { ClientFilter, FilterField, FilterLabel, FiltersBar } from '../../../lib/filters-bar';
import type { FactureFilters } from '../api/get-factures';
import type { FactureUrlFilter } from '../model/facture-filters';

export interface FacturesFiltersBarProps {
  /** The filters as the list applies them (what the URL holds once checked). */
  filters: FactureFilters;
  state: UrlFiltersState<FactureUrlFilter>;
  /** « Factures clients » filters on the state and the overdue ones; « Avoirs » does not. */
  withStatut: boolean;
}

const STATUT_OPTIONS = FACTURE_STATUTS.map((statut) => ({
  value: statut,
  label: FACTURE_STATUT_LABELS[statut],
}));

/** The list's filters above the table; every change goes to the URL (bookmarkable, Back goes back). */
export function FacturesFiltersBar({ filters, state, withStatut }: FacturesFiltersBarProps) {
  const id = useId();
  const { setFilter } = state;
  const day = (value: string | undefined) => (value ? dayjs(value) : null);
  return (
    <FiltersBar label="Filtres de la liste">
      {withStatut && (
        <FilterField id={`${id}-statut`} label="État">
          <Select<FactureStatut>
            id={`${id}-statut`}
            allowClear
            placeholder="Tous les états"
            style={{ width: 200, minWidth: 0 }}
            value={filters.statut ?? null}
            options={STATUT_OPTIONS}
            onChange={(value) => setFilter('statut', value)}
          />
        </FilterField>
      )}
      <ClientFilter
        id={`${id}-client`}
        value={filters.clientId}
        onChange={(value) => setFilter('clientId', value === undefined ? undefined : String(value))}
      />
      <Flex gap={6} align="center" wrap>
        <FilterLabel htmlFor={`${id}-debut`}>Période du</FilterLabel>
        <DatePicker
          id={`${id}-debut`}
          format={DATE_FORMAT}
          placeholder="JJ/MM/AAAA"
          value={day(filters.periodeDebut)}
          onChange={(value: Dayjs | null) => setFilter('periodeDebut', value?.format(API_DATE_FORMAT))}
          style={{ width: 140 }}
        />
        <FilterLabel htmlFor={`${id}-fin`}>au</FilterLabel>
        <DatePicker
          id={`${id}-fin`}
          format={DATE_FORMAT}
          placeholder="JJ/MM/AAAA"
          value={day(filters.periodeFin)}
          onChange={(value: Dayjs | null) => setFilter('periodeFin', value?.format(API_DATE_FORMAT))}
          style={{ width: 140 }}
        />
      </Flex>
      <SearchOnEnter
        aria-label="Numéro"
        placeholder="Numéro (FA-2026-…)"
        maxLength={20}
        style={{ width: 220, maxWidth: '100%' }}
        value={filters.numero ?? ''}
        onSearch={(value) => setFilter('numero', value || undefined)}
      />
      {withStatut && (
        <Checkbox
          checked={filters.enRetard === true}
          onChange={(event) => setFilter('enRetard', event.target.checked ? '1' : undefined)}
        >
          En retard seulement
        </Checkbox>
      )}
      {state.active && <Button onClick={() => state.clearFilters()}>Réinitialiser les filtres</Button>}
    </FiltersBar>
  );
}
