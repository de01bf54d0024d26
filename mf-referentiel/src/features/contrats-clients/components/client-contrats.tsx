import { CONTRATS_PATHS, type ContratClient } from 'shared/contract';
import { PartyContrats } from '../../../lib/contrats-list';

/** The sale contracts of one client, for the client's card; a row opens the contract. */
export function ClientContrats({ clientId }: { clientId: number }) {
  return (
    <PartyContrats<ContratClient>
      path={`${CONTRATS_PATHS.contratsClients}?clientId=${clientId}`}
      detailsRouteId="contrat-client-details"
    />
  );
}
