import { formatMoney } from 'shared';
import { CONTRATS_PATHS, type ContratClient } from 'shared/contract';
import { contratColumns, ContratsListPage, type ContratsListKind } from '../../../lib/contrats-list';
import { ContratClientFormModal } from './contrat-client-form-modal';

const saleContracts: ContratsListKind<ContratClient> = {
  routeId: 'contrat-client',
  detailsRouteId: 'contrat-client-details',
  path: CONTRATS_PATHS.contratsClients,
  columns: contratColumns({ key: 'clientNom', title: 'Client' }, [
    {
      key: 'montantPafJour',
      title: 'PAF / jour',
      width: 110,
      align: 'right',
      render: (row) => formatMoney(row.montantPafJour),
    },
    {
      key: 'montantCafJour',
      title: 'CAF / jour',
      width: 110,
      align: 'right',
      render: (row) => formatMoney(row.montantCafJour),
    },
  ]),
  FormModal: ContratClientFormModal,
};

/** Sale contracts (clients): search on the reference, filter on the status; administrators create them. */
export function ContratsClientsPage() {
  return <ContratsListPage kind={saleContracts} />;
}
