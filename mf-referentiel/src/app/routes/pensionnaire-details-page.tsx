import { FoyerLink } from '../../features/foyers';
import { PensionnaireDetails } from '../../features/pensionnaires/components/pensionnaire-details';

/** The resident's card (pensionnaires feature) with a link to their household (foyers feature): composed here. */
export function PensionnaireDetailsPage() {
  return <PensionnaireDetails foyer={(pensionnaire) => <FoyerLink foyerId={pensionnaire.foyerId} />} />;
}
