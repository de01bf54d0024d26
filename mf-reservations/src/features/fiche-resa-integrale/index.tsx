import { PageFrame } from 'shared';

// Issue 4 work in progress: replaced by the real screen of this feature.
export const FicheResaIntegralePage = () => (
  <PageFrame routeId="fiche-resa-integrale" scaffoldOf="Réservations (issue 4)" />
);
