import { Card } from 'antd';
import { ResourceTable, type ResourceColumn } from 'shared';
import { CONTRATS_PATHS, type ContratClient } from 'shared/contract';
import { periode, StatutTag } from '../../../lib/contrats';
import { useOpenContratClient } from './contrats-clients-page';

const columns: ResourceColumn<ContratClient>[] = [
  { key: 'reference', title: 'Référence', sortable: true, searchable: true },
  {
    key: 'dateDebut',
    title: 'Période',
    sortable: true,
    render: (row) => periode(row.dateDebut, row.dateFin),
  },
  { key: 'statut', title: 'Statut', width: 120, render: (row) => <StatutTag statut={row.statut} /> },
];

/** The sale contracts of one client, for the client's card; a row opens the contract. */
export function ClientContrats({ clientId }: { clientId: number }) {
  const open = useOpenContratClient();
  return (
    <Card type="inner" title="Contrats">
      <ResourceTable<ContratClient>
        path={`${CONTRATS_PATHS.contratsClients}?clientId=${clientId}`}
        columns={columns}
        onOpen={open}
      />
    </Card>
  );
}
