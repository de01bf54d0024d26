import { formatMoney } from 'shared';
import type { ContratClientDetail } from 'shared/contract';
import { ContratDetailsPage, type ContratDetailsKind } from '../../../lib/contrat-details-page';
import { getContratClient, setContratClientStatut } from '../api/contrats-clients';
import { ContratClientFormModal } from './contrat-client-form-modal';

const saleContract: ContratDetailsKind<ContratClientDetail> = {
  routeId: 'contrat-client-details',
  listRouteId: 'contrat-client',
  load: getContratClient,
  setStatut: setContratClientStatut,
  party: (contrat) => ({ key: 'client', label: 'Client', children: contrat.clientNom }),
  extraItems: (contrat) => [
    { key: 'paf', label: 'PAF par jour', children: formatMoney(contrat.montantPafJour) },
    { key: 'caf', label: 'CAF par jour', children: formatMoney(contrat.montantCafJour) },
  ],
  lineColumns: {
    afterType: [
      {
        key: 'etablissement',
        title: 'Établissement',
        render: (_, line) => line.etablissementNom ?? 'Tous les établissements',
      },
    ],
  },
  FormModal: ContratClientFormModal,
};

/** A sale contract (client): its header, its tariff lines; administrators move its status and edit it. */
export function ContratClientDetailsPage() {
  return <ContratDetailsPage kind={saleContract} />;
}
