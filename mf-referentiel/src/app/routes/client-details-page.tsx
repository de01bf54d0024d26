import { ClientDetails } from '../../features/clients/components/client-details';
import { ClientPensionnaires } from '../../features/pensionnaires/components/client-pensionnaires';
import { UpcomingSection } from '../../lib/record-details';

/** The client's card (clients feature) with its residents (pensionnaires feature): composed here, not in either. */
export function ClientDetailsPage() {
  return (
    <ClientDetails>
      {(client) => (
        <>
          <ClientPensionnaires client={client} />
          <UpcomingSection title="Contrats">
            Les contrats de ce client s'afficheront ici avec le lot « Contrats » : leur API est en cours de
            réalisation.
          </UpcomingSection>
        </>
      )}
    </ClientDetails>
  );
}
