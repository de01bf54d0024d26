import { PageFrame } from 'shared';

// Issue 4 work in progress: replaced by the real screen of this feature.
export const ReservationsIntegralesPage = () => (
  <PageFrame routeId="reservation-integrale" scaffoldOf="Réservations (issue 4)" />
);
