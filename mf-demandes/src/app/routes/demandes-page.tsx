import { PageFrame } from 'shared/ui';
import { DemandesList } from '../../features/demandes-list';

/** « Demande-Hebergement »: the requests, with the top bar's action filter preset in the URL (?action=…). */
export function DemandesPage() {
  return (
    <PageFrame routeId="demandes-hebergement">
      <DemandesList />
    </PageFrame>
  );
}
