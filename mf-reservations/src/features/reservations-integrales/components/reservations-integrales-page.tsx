import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, hasSubject, useAuth } from 'shared';
import { PageFrame, ResourceTable, useUrlFilters } from 'shared/ui';
import { RESERVATION_STATUTS } from 'shared/contract/values';
import type { ReservationIntegraleItem, ReservationStatut } from 'shared/contract';
import {
  reservationsIntegralesListSource,
  type ReservationIntegraleFilters,
} from '../../../lib/api/get-reservations-integrales';
import { PeriodFilter, periodOf } from '../../../lib/period-filter';
import { countLabel, STATUT_OPTIONS } from '../../../lib/reservation-labels';
import { integraleColumns } from './integrale-columns';

const FILTERS = ['statut', 'start_date', 'end_date'] as const;
const SEARCHABLE = integraleColumns.filter((column) => column.searchable).map((column) => column.key);

/** The full reservations (parents, spec §7): client, hotel, period, contracts, residents, statuses. */
export function ReservationsIntegralesPage() {
  const navigate = useNavigate();
  const { jwtTokenDecoded } = useAuth();
  const state = useUrlFilters(FILTERS);
  const { values, setFilter } = state;

  const filters = useMemo((): ReservationIntegraleFilters => {
    const statut = (RESERVATION_STATUTS as readonly unknown[]).includes(values.statut)
      ? { statut: values.statut as ReservationStatut }
      : {};
    return { ...statut, ...periodOf(values) };
  }, [values]);
  const source = useMemo(() => reservationsIntegralesListSource(filters), [filters]);

  return (
    <PageFrame
      routeId="reservation-integrale"
      extra={
        // An extra route: only a session with a subject claim may open it (spec §2).
        hasSubject(jwtTokenDecoded) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(dashboardUrl('reservation_integrale'))}
          >
            Nouvelle réservation intégrale
          </Button>
        )
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <Select<ReservationStatut>
          aria-label="Statut"
          allowClear
          placeholder="Tous les statuts"
          style={{ width: 200 }}
          value={filters.statut ?? null}
          options={STATUT_OPTIONS}
          onChange={(value) => setFilter('statut', value)}
        />
        <PeriodFilter start={filters.start_date} end={filters.end_date} onChange={setFilter} />
        <Button onClick={() => state.clearFilters(SEARCHABLE)}>Réinitialiser les filtres</Button>
      </Flex>
      <ResourceTable<ReservationIntegraleItem>
        {...source}
        columns={integraleColumns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        resetButton={false}
        totalLabel={(total) => countLabel(total, 'réservation intégrale', 'réservations intégrales')}
        emptyDescription="Aucune réservation intégrale"
        onOpen={(row) => void navigate(dashboardUrl('fiche-resa-integrale', { id: row.id }))}
      />
    </PageFrame>
  );
}
