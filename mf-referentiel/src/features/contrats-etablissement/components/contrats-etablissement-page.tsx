import { CONTRATS_PATHS, type ContratEtablissement } from 'shared/contract';
import { MODE_TARIFICATION_LABELS } from '../../../lib/contrats';
import { contratColumns, ContratsListPage, type ContratsListKind } from '../../../lib/contrats-list';
import { ContratEtablissementFormModal } from './contrat-etablissement-form-modal';

const purchaseContracts: ContratsListKind<ContratEtablissement> = {
  routeId: 'contract-etablissement',
  detailsRouteId: 'contract-etablissement-details',
  path: CONTRATS_PATHS.contratsEtablissement,
  columns: contratColumns({ key: 'etablissementNom', title: 'Établissement' }, [
    {
      key: 'modeTarification',
      title: 'Tarification',
      width: 140,
      render: (row) => MODE_TARIFICATION_LABELS[row.modeTarification],
    },
  ]),
  FormModal: ContratEtablissementFormModal,
};

/** Purchase contracts: search on the reference, filter on the status; administrators create them. */
export function ContratsEtablissementPage() {
  return <ContratsListPage kind={purchaseContracts} />;
}
