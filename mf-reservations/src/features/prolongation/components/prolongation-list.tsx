import { Button, Flex, Switch, Typography } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl } from 'shared';
import { ResourceTable, useUrlFilters, type ResourceColumn } from 'shared/ui';
import type { ReservationFilters, ReservationItem } from 'shared/contract';
import { reservationsListSource } from '../../../lib/api/get-reservations';
import { reservationColumns } from '../../../lib/reservation-columns';
import { countLabel } from '../../../lib/reservation-labels';
import { ProlongationMultipleModal } from './prolongation-multiple-modal';

const FILTERS = ['jours'] as const;

export interface ProlongationListProps {
  /** « Prolonger » on a row: the page opens the extend dialog of that stay. */
  onExtend: (row: ReservationItem) => void;
  /** What the page adds beside « Prolonger la sélection » for the list's filters (the exports). */
  toolbar?: (filters: ReservationFilters) => ReactNode;
}

/**
 * The stays to extend (`etat = prolongable`), selectable for a multiple extension, or extended one by one. Every
 * extension refreshes the list through its mutation.
 */
export function ProlongationList({ onExtend, toolbar }: ProlongationListProps) {
  const navigate = useNavigate();
  const state = useUrlFilters(FILTERS);
  const departSoon = state.values.jours === 'a_prolonger';
  const filters = useMemo<ReservationFilters>(
    () => ({ etat: 'prolongable', ...(departSoon ? { jours: 'a_prolonger' as const } : {}) }),
    [departSoon],
  );
  const source = useMemo(() => reservationsListSource(filters), [filters]);
  // Rows selected over every page, by id: the modal needs their departures.
  const [selected, setSelected] = useState<ReadonlyMap<number, ReservationItem>>(new Map());
  const [multiple, setMultiple] = useState(false);

  const columns: ResourceColumn<ReservationItem>[] = [
    ...reservationColumns.filter((column) => column.key !== 'type_resa' && column.key !== 'paiements'),
    {
      key: 'actions',
      title: 'Actions',
      render: (row) => (
        <Button size="small" aria-label={`Prolonger la réservation ${row.id}`} onClick={() => onExtend(row)}>
          Prolonger
        </Button>
      ),
    },
  ];

  const onSelect = (keys: Key[], rows: ReservationItem[]) =>
    setSelected((previous) => {
      // antd gives the selection of the current page only (rows of other pages as undefined).
      const next = new Map<number, ReservationItem>();
      for (const key of keys) {
        const row = rows.find((r) => r?.id === key) ?? previous.get(Number(key));
        if (row) next.set(row.id, row);
      }
      return next;
    });

  return (
    <>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={6} align="center">
          <Switch
            aria-label="Départ aujourd’hui ou demain"
            checked={departSoon}
            onChange={(checked) => state.setFilter('jours', checked ? 'a_prolonger' : undefined)}
          />
          <span>Départ aujourd’hui ou demain</span>
        </Flex>
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary">
            {countLabel(selected.size, 'réservation sélectionnée', 'réservations sélectionnées')}
          </Typography.Text>
          <Button type="primary" disabled={selected.size === 0} onClick={() => setMultiple(true)}>
            Prolonger la sélection ({selected.size})
          </Button>
          {toolbar?.(filters)}
        </Flex>
      </Flex>
      <ResourceTable<ReservationItem>
        {...source}
        columns={columns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        totalLabel={(total) => countLabel(total, 'réservation à prolonger', 'réservations à prolonger')}
        emptyDescription="Aucune réservation à prolonger"
        onOpen={(row) => void navigate(dashboardUrl('fiche-resa', { id: row.id }))}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: onSelect,
          getCheckboxProps: (row) => ({
            'aria-label': `Sélectionner la réservation ${row.id}`,
          }),
        }}
      />
      {multiple && (
        <ProlongationMultipleModal
          rows={[...selected.values()]}
          onClose={() => setMultiple(false)}
          onExtended={() => setSelected(new Map())}
        />
      )}
    </>
  );
}
