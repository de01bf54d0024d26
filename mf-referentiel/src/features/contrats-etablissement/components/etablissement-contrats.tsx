import { Card } from 'antd';
import { ResourceTable, type ResourceColumn } from 'shared';
import { CONTRATS_PATHS, type ContratEtablissement } from 'shared/contract';
import { periode, StatutTag } from '../../../lib/contrats';
import { useOpenContratEtablissement } from './contrats-etablissement-page';

const columns: ResourceColumn<ContratEtablissement>[] = [
  { key: 'reference', title: 'Référence', sortable: true, searchable: true },
  {
    key: 'dateDebut',
    title: 'Période',
    sortable: true,
    render: (row) => periode(row.dateDebut, row.dateFin),
  },
  { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
];

/** The purchase contracts of one hotel, for the hotel's card; a row opens the contract. */
export function EtablissementContrats({ etablissementId }: { etablissementId: number }) {
  const open = useOpenContratEtablissement();
  return (
    <Card type="inner" title="Contrats">
      <ResourceTable<ContratEtablissement>
        path={`${CONTRATS_PATHS.contratsEtablissement}?etablissementId=${etablissementId}`}
        columns={columns}
        onOpen={open}
      />
    </Card>
  );
}
