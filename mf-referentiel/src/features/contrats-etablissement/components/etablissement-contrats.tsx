import { CONTRATS_PATHS, type ContratEtablissement } from 'shared/contract';
import { PartyContrats } from '../../../lib/contrats-list';

/** The purchase contracts of one hotel, for the hotel's card; a row opens the contract. */
export function EtablissementContrats({ etablissementId }: { etablissementId: number }) {
  return (
    <PartyContrats<ContratEtablissement>
      path={`${CONTRATS_PATHS.contratsEtablissement}?etablissementId=${etablissementId}`}
      detailsRouteId="contract-etablissement-details"
    />
  );
}
