import { PageFrame } from 'shared';

// Issue 4 work in progress: replaced by the real screen of this feature.
export const AjoutReservationPage = () => (
  <PageFrame routeId="reservation_integrale" scaffoldOf="Réservations (issue 4)" />
);

export interface AjoutReservationDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new full reservation's id once booked. */
  onCreated: (idReservationMere: number) => void;
}
export const AjoutReservationDrawer = (_props: AjoutReservationDrawerProps) => null;
