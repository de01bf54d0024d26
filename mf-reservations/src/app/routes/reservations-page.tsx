import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ADD_MODE_PARAM, ADD_MODE_VALUE, dashboardUrl } from 'shared';
import { PageFrame } from 'shared/ui';
import { AjoutReservationDrawer } from '../../features/ajout-reservation';
import { ReservationExportButtons } from '../../features/exports';
import { ReservationsList } from '../../features/reservations-list';

/** « reservations »: the list of stays with its exports, and the booking drawer of add mode (?mode=ajout). */
export function ReservationsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const adding = searchParams.get(ADD_MODE_PARAM) === ADD_MODE_VALUE;

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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Nouvelle réservation
        </Button>
      }
    >
      <ReservationsList
        toolbar={(exportBody) => (
          <ReservationExportButtons filters={exportBody} keys={['pdfResa', 'pdfResaAll', 'excelResaAll']} />
        )}
      />
      <AjoutReservationDrawer
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => void navigate(dashboardUrl('fiche-resa-integrale', { id }))}
      />
    </PageFrame>
  );
}
