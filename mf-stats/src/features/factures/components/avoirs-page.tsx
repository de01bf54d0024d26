import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, formatNumber } from 'shared';
import type { FactureItem } from 'shared/contract';
import { PageFrame, ResourceTable, useUrlFilters } from 'shared/ui';
import { facturesListSource } from '../api/get-factures';
import { FACTURE_URL_FILTERS, filtersOf } from '../model/facture-filters';
import { avoirColumns } from './facture-columns';
import { FacturesFiltersBar } from './factures-filters-bar';

const count = (n: number) => `${formatNumber(n)} avoir${n > 1 ? 's' : ''}`;

/** « Avoirs »: the credit notes, filtered in the URL; a row opens its card (the invoice card, `Factures/:id`). */
export function AvoirsPage() {
  const navigate = useNavigate();
  const state = useUrlFilters(FACTURE_URL_FILTERS);
  const filters = useMemo(() => filtersOf('avoir', state.values), [state.values]);
  const source = useMemo(() => facturesListSource(filters), [filters]);
  return (
    <PageFrame routeId="avoirs">
      <FacturesFiltersBar filters={filters} state={state} withStatut={false} />
      <ResourceTable<FactureItem>
        {...source}
        columns={avoirColumns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        resetButton={false}
        totalLabel={count}
        emptyDescription="Aucun avoir"
        onOpen={(row) => void navigate(dashboardUrl('facture', { id: row.id }))}
      />
    </PageFrame>
  );
}
