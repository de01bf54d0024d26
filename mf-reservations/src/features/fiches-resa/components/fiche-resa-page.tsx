import { Card, Flex } from 'antd';
import { useEffect } from 'react';
import { saveSelection } from 'shared';
import { PageFrame, RecordGate } from 'shared/ui';
import { useHistoriques } from '../api/get-historiques';
import { useReservation } from '../api/get-reservation';
import { HistoriqueTimeline } from './historique-timeline';
import { NuiteesTable } from './nuitees-table';
import { ReservationActionsBar } from './reservation-actions-bar';
import { ReservationHeader } from './reservation-header';
import { TotauxDescriptions } from './totaux-descriptions';

/** fiche-resa/:id — everything about one stay, and what may be done with it. */
export function FicheResaPage() {
  const detail = useReservation();
  const historiques = useHistoriques(detail.id ?? 0, { enabled: detail.id !== null });
  const loaded = detail.loading ? null : detail.record;

  useEffect(() => {
    if (loaded) saveSelection('resa', loaded);
  }, [loaded]);

  return (
    <PageFrame routeId="fiche-resa">
      <RecordGate
        record={detail.record}
        state={detail}
        notFoundTitle="Réservation introuvable"
        listRouteId="reservations"
      >
        {(reservation) => (
          <Flex vertical gap={16}>
            <ReservationHeader
              reservation={reservation}
              extra={<ReservationActionsBar reservation={reservation} />}
            />
            <Card type="inner" title="Totaux">
              <TotauxDescriptions totaux={reservation.totaux} />
            </Card>
            <Card type="inner" title="Nuitées">
              <NuiteesTable reservation={reservation} />
            </Card>
            <Card type="inner" title="Historique">
              <HistoriqueTimeline query={historiques} />
            </Card>
          </Flex>
        )}
      </RecordGate>
    </PageFrame>
  );
}
