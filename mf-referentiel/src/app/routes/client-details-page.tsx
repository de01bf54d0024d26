import { ClientDetails } from '../../features/clients/components/client-details';
import { PartyContrats } from '../../features/contrats/components/party-contrats';
import { CONTRAT_CLIENT } from '../../features/contrats/kinds';
import { ClientPensionnaires } from '../../features/pensionnaires/components/client-pensionnaires';

/** The client's card (clients feature) with its residents and its sale contracts: composed here, not in either. */
export function ClientDetailsPage() {
  return (
    <ClientDetails>
      {(client) => (
        <>
          <ClientPensionnaires client={client} />
          <PartyContrats kind={CONTRAT_CLIENT} partyId={client.id} />
        </>
      )}
    </ClientDetails>
  );
}
