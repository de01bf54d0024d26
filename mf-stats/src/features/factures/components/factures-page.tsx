import { Flex } from 'antd';
import { useMemo, useRef, useState, type Key } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, formatNumber } from 'shared';
import type { FactureItem } from 'shared/contract';
import { PageFrame, ResourceTable, useUrlFilters, type ResourceTableHandle } from 'shared/ui';
import { facturesListSource } from '../api/get-factures';
import { FACTURE_URL_FILTERS, filtersOf } from '../model/facture-filters';
import { useIsAdmin } from '../model/use-is-admin';
import { BulkIssueButton } from './bulk-issue';
import { factureColumns } from './facture-columns';
import { FacturesFiltersBar } from './factures-filters-bar';
import { NewFactureButton } from './new-facture-button';
import { PrepareMonthButton } from './prepare-month-button';

const count = (n: number) => `${formatNumber(n)} facture${n > 1 ? 's' : ''}`;

/**
 * « Factures clients » (issue 39 §3): the client invoices, filtered in the URL, sorted on the server; a row opens
 * its card. « Nouvelle facture » for everyone; « Préparer les factures du mois » and the bulk issue of the selected
 * drafts for administrators.
 */
export function FacturesPage() {
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const state = useUrlFilters(FACTURE_URL_FILTERS);
  const filters = useMemo(() => filtersOf('facture', state.values), [state.values]);
  const source = useMemo(() => facturesListSource(filters), [filters]);
  const table = useRef<ResourceTableHandle>(null);
  const [selected, setSelected] = useState<FactureItem[]>([]);

  return (
    <PageFrame
      routeId="factures"
      extra={
        <Flex wrap gap={8}>
          {isAdmin && <PrepareMonthButton />}
          <NewFactureButton />
        </Flex>
      }
    >
      <FacturesFiltersBar filters={filters} state={state} withStatut />
      <ResourceTable<FactureItem>
        {...source}
        ref={table}
        columns={factureColumns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        resetButton={false}
        totalLabel={count}
        emptyDescription="Aucune facture : préparez les factures du mois ou créez-en une."
        onOpen={(row) => void navigate(dashboardUrl('facture', { id: row.id }))}
        toolbar={isAdmin ? <BulkIssueButton rows={selected} onDone={() => setSelected([])} /> : undefined}
        rowSelection={
          isAdmin
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                getCheckboxProps: (row) => ({
                  disabled: row.statut !== 'brouillon',
                  'aria-label': `Choisir le brouillon de ${row.clientNom}`,
                }),
                onChange: (_keys: Key[], rows: FactureItem[]) => setSelected(rows),
              }
            : undefined
        }
      />
    </PageFrame>
  );
}
