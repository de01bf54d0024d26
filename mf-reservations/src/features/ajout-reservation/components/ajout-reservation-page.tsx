import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl } from 'shared';
import { PageFrame } from 'shared/ui';
import { BookingWizard } from './booking-wizard';

/** « Nouvelle réservation intégrale »: the booking flow as a page; once booked, the new full reservation opens. */
export function AjoutReservationPage() {
  const navigate = useNavigate();
  return (
    <PageFrame routeId="reservation_integrale">
      <Card>
        <BookingWizard onBooked={(id) => void navigate(dashboardUrl('fiche-resa-integrale', { id }))} />
      </Card>
    </PageFrame>
  );
}
