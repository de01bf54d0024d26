import { CONTRAT_CLIENT, CONTRAT_ETABLISSEMENT } from '../kinds';
import { ContratDetailsPage } from './contrat-details-page';
import { ContratsListPage } from './contrats-list-page';

/** Purchase contracts: search on the reference, filter on the status; administrators create them. */
export function ContratsEtablissementPage() {
  return <ContratsListPage kind={CONTRAT_ETABLISSEMENT} />;
}

/** A purchase contract: its header, its tariff lines; administrators move its status and edit it. */
export function ContratEtablissementDetailsPage() {
  return <ContratDetailsPage kind={CONTRAT_ETABLISSEMENT} />;
}

/** Sale contracts (clients): search on the reference, filter on the status; administrators create them. */
export function ContratsClientsPage() {
  return <ContratsListPage kind={CONTRAT_CLIENT} />;
}

/** A sale contract (client): its header, its tariff lines; administrators move its status and edit it. */
export function ContratClientDetailsPage() {
  return <ContratDetailsPage kind={CONTRAT_CLIENT} />;
}
