import { PageFrame, ResourceTable, type ResourceColumn } from 'shared/ui';
import { REPAS_PATH, type Repas } from 'shared/contract';

export const repasColumns: ResourceColumn<Repas>[] = [
  { key: 'code', title: 'Code', width: 180 },
  { key: 'libelle', title: 'Libellé' },
  { key: 'ordre', title: 'Ordre', width: 100, align: 'right' },
];

/** The meals (petit-déjeuner, déjeuner, dîner), in their order: read-only reference data. */
export function RepasPage() {
  return (
    <PageFrame routeId="repas">
      <ResourceTable<Repas> path={REPAS_PATH} columns={repasColumns} />
    </PageFrame>
  );
}
