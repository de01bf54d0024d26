import { FoyerLink } from '../../features/foyers';
import { PensionnaireDetailsPage } from '../../features/pensionnaires/components/pensionnaire-details-page';

/** The resident's card (pensionnaires feature) with a link to their household (foyers feature): composed here. */
export function PensionnairePage() {
  return <PensionnaireDetailsPage foyer={(pensionnaire) => <FoyerLink foyerId={pensionnaire.foyerId} />} />;
}
