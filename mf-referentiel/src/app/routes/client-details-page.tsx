import { ClientDetails } from '../../features/clients/components/client-details';
import { ClientContrats } from '../../features/contrats-clients/components/client-contrats';
import { ClientPensionnaires } from '../../features/pensionnaires/components/client-pensionnaires';

/** The client's card (clients feature) with its residents and its sale contracts: composed here, not in either. */
export function ClientDetailsPage() {
  return (
    <ClientDetails>
      {(client) => (
        <>
          <ClientPensionnaires client={client} />
          <ClientContrats clientId={client.id} />
        </>
      )}
    </ClientDetails>
  );
}
