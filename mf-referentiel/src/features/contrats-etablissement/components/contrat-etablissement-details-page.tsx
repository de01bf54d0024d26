import type { ContratEtablissementDetail } from 'shared/contract';
import { ContratDetailsPage, type ContratDetailsKind } from '../../../lib/contrat-details-page';
import { getContratEtablissement, setContratEtablissementStatut } from '../api/contrats-etablissement';
import { ContratEtablissementFormModal } from './contrat-etablissement-form-modal';

const purchaseContract: ContratDetailsKind<ContratEtablissementDetail> = {
  routeId: 'contract-etablissement-details',
  listRouteId: 'contract-etablissement',
  load: getContratEtablissement,
  setStatut: setContratEtablissementStatut,
  party: (contrat) => ({ key: 'etablissement', label: 'Établissement', children: contrat.etablissementNom }),
  lineColumns: {
    atEnd: [
      {
        key: 'allotement',
        title: 'Allotement',
        align: 'right',
        render: (_, line) => (line.allotement === null ? 'Illimité' : line.allotement),
      },
    ],
  },
  FormModal: ContratEtablissementFormModal,
};

/** A purchase contract: its header, its tariff lines; administrators move its status and edit it. */
export function ContratEtablissementDetailsPage() {
  return <ContratDetailsPage kind={purchaseContract} />;
}
