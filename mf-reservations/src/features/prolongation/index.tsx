import { PageFrame } from 'shared';

// Issue 4 work in progress: replaced by the real screen of this feature.
export const ReservationsAProlongerPage = () => (
  <PageFrame routeId="reservations-a-prolonger" scaffoldOf="Réservations (issue 4)" />
);
