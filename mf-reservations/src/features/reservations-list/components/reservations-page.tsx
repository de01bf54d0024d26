import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ADD_MODE_PARAM, ADD_MODE_VALUE, dashboardUrl, PageFrame, ResourceTable } from 'shared';
import type { ReservationItem } from 'shared/contract';
import { AjoutReservationDrawer } from '../../ajout-reservation';
import { ReservationExportButtons } from '../../exports';
import { reservationsLoader } from '../../../lib/list-reservations';
import { countLabel } from '../../../lib/reservation-labels';
import { useReservationFilters } from '../../../lib/reservation-filters';
import { reservationColumns } from '../../../lib/reservation-columns';
import { ReservationFiltersBar } from './reservation-filters-bar';

const SEARCHABLE = reservationColumns.filter((column) => column.searchable).map((column) => column.key);

/** The reservations list (spec §7): filters in the URL, server pagination, exports, add mode (?mode=ajout). */
export function ReservationsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useReservationFilters();
  const { filters, key } = state;
  const load = useMemo(() => reservationsLoader(filters), [filters]);
  const adding = searchParams.get(ADD_MODE_PARAM) === ADD_MODE_VALUE;

  const setAdding = (open: boolean) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set(ADD_MODE_PARAM, ADD_MODE_VALUE);
      else next.delete(ADD_MODE_PARAM);
      return next;
    });

  // The export takes the list's filters and column searches, not its page.
  const exportBody = useMemo(() => {
    const search = Object.fromEntries(
      SEARCHABLE.map((column) => [column, searchParams.get(column)?.trim()]).filter(([, value]) => value),
    );
    return { ...search, ...filters };
  }, [filters, searchParams]);

  return (
    <PageFrame
      routeId="reservations"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Nouvelle réservation
        </Button>
      }
    >
      <ReservationFiltersBar state={state} onReset={() => state.clearFilters(SEARCHABLE)} />
      <ResourceTable<ReservationItem>
        path="/reservations"
        columns={reservationColumns}
        load={load}
        loadKey={key}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        totalLabel={(total) => countLabel(total, 'réservation')}
        emptyDescription="Aucune réservation"
        onOpen={(row) => navigate(dashboardUrl('fiche-resa', { id: row.id }))}
        toolbar={
          <Flex wrap gap={8}>
            <ReservationExportButtons filters={exportBody} keys={['pdfResa', 'pdfResaAll', 'excelResaAll']} />
          </Flex>
        }
      />
      <AjoutReservationDrawer
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => navigate(dashboardUrl('fiche-resa-integrale', { id }))}
      />
    </PageFrame>
  );
}
