import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ADD_MODE_PARAM, ADD_MODE_VALUE, dashboardUrl } from 'shared';
import { PageFrame } from 'shared/ui';
import { ReservationExportButtons } from '../../features/exports';
import { ReservationsList } from '../../features/reservations-list';

// The booking (its Drawer, Steps, InputNumber… and the wizard's code) is downloaded when the drawer first opens, or
// when the pointer or the focus reaches « Nouvelle réservation », not with the list (issue 37 §5).
const loadBooking = () => import('../../features/ajout-reservation');
const AjoutReservationDrawer = lazy(() =>
  loadBooking().then((module) => ({ default: module.AjoutReservationDrawer })),
);

/** « reservations »: the list of stays with its exports, and the booking drawer of add mode (?mode=ajout). */
export function ReservationsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const adding = searchParams.get(ADD_MODE_PARAM) === ADD_MODE_VALUE;
  // Mounted from its first opening on, so that closing it plays the drawer's exit.
  const [bookingShown, setBookingShown] = useState(adding);
  if (adding && !bookingShown) setBookingShown(true);

  const setAdding = (open: boolean) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set(ADD_MODE_PARAM, ADD_MODE_VALUE);
      else next.delete(ADD_MODE_PARAM);
      return next;
    });

  return (
    <PageFrame
      routeId="reservations"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          onPointerEnter={() => void loadBooking()}
          onFocus={() => void loadBooking()}
        >
          Nouvelle réservation
        </Button>
      }
    >
      <ReservationsList
        toolbar={(exportBody) => (
          <ReservationExportButtons filters={exportBody} keys={['pdfResa', 'pdfResaAll', 'excelResaAll']} />
        )}
      />
      {bookingShown && (
        <Suspense fallback={null}>
          <AjoutReservationDrawer
            open={adding}
            onClose={() => setAdding(false)}
            onCreated={(id) => void navigate(dashboardUrl('fiche-resa-integrale', { id }))}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
