import { PartyContrats } from '../../features/contrats/components/party-contrats';
import { CONTRAT_ETABLISSEMENT } from '../../features/contrats/kinds';
import { EtablissementDetails } from '../../features/etablissements/components/etablissement-details';

/** The hotel's card (etablissements feature) with its purchase contracts: composed here, not in either. */
export function EtablissementDetailsPage() {
  return (
    <EtablissementDetails>
      {(etablissement) => <PartyContrats kind={CONTRAT_ETABLISSEMENT} partyId={etablissement.id} />}
    </EtablissementDetails>
  );
}
