import { Flex } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dashboardUrl } from 'shared';
import { ResourceTable } from 'shared/ui';
import type { ReservationExportBody, ReservationItem } from 'shared/contract';
import { reservationsListSource } from '../../../lib/api/get-reservations';
import { reservationColumns } from '../../../lib/reservation-columns';
import { useReservationFilters } from '../../../lib/reservation-filters';
import { countLabel } from '../../../lib/reservation-labels';
import { ReservationFiltersBar } from './reservation-filters-bar';

const SEARCHABLE = reservationColumns.filter((column) => column.searchable).map((column) => column.key);

export interface ReservationsListProps {
  /** Shown above the table, given what an export of the current list sends (the exports). */
  toolbar?: (exportBody: ReservationExportBody) => ReactNode;
}

/** The stays (spec §7): the filter bar and the column searches in the URL, server pagination; a row opens its card. */
export function ReservationsList({ toolbar }: ReservationsListProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = useReservationFilters();
  const { filters } = state;
  const source = useMemo(() => reservationsListSource(filters), [filters]);

  // The export takes the list's filters and column searches, not its page.
  const exportBody = useMemo(() => {
    const search = Object.fromEntries(
      SEARCHABLE.map((column) => [column, searchParams.get(column)?.trim()]).filter(([, value]) => value),
    );
    return { ...search, ...filters };
  }, [filters, searchParams]);

  return (
    <>
      <ReservationFiltersBar state={state} onReset={() => state.clearFilters(SEARCHABLE)} />
      <ResourceTable<ReservationItem>
        {...source}
        columns={reservationColumns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        resetButton={false}
        totalLabel={(total) => countLabel(total, 'réservation')}
        emptyDescription="Aucune réservation"
        onOpen={(row) => void navigate(dashboardUrl('fiche-resa', { id: row.id }))}
        toolbar={
          toolbar && (
            <Flex wrap gap={8}>
              {toolbar(exportBody)}
            </Flex>
          )
        }
      />
    </>
  );
}
