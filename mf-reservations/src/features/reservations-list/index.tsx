import { PageFrame } from 'shared';

// Issue 4 work in progress: replaced by the real screen of this feature.
export const ReservationsPage = () => (
  <PageFrame routeId="reservations" scaffoldOf="Réservations (issue 4)" />
);
