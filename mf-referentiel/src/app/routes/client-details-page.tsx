import { ClientClesApi } from '../../features/cles-api';
import { ClientDetails } from '../../features/clients/components/client-details';
import { PartyContrats } from '../../features/contrats/components/party-contrats';
import { CONTRAT_CLIENT } from '../../features/contrats/kinds';
import { ClientPensionnaires } from '../../features/pensionnaires/components/client-pensionnaires';
import { useCanWrite } from '../../lib/use-can-write';

/**
 * The client's card (clients feature) with its residents, its sale contracts and, for administrators, its API keys:
 * composed here, not in any of them.
 */
export function ClientDetailsPage() {
  const isAdmin = useCanWrite();
  return (
    <ClientDetails>
      {(client) => (
        <>
          <ClientPensionnaires client={client} />
          <PartyContrats kind={CONTRAT_CLIENT} partyId={client.id} />
          {isAdmin && <ClientClesApi client={client} />}
        </>
      )}
    </ClientDetails>
  );
}
