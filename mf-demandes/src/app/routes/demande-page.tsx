import { useParams } from 'react-router-dom';
import { PageFrame } from 'shared/ui';
import { DemandeFiche } from '../../features/demande-fiche';

/** « demande-hebergement/:id »: the request card. */
export function DemandePage() {
  const id = Number(useParams().id);
  return (
    <PageFrame routeId="demande-hebergement">
      <DemandeFiche id={id} />
    </PageFrame>
  );
}
