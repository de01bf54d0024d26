import { Card, Flex } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { readSelection, saveSelection, useRecordId } from 'shared';
import { PageFrame, RecordGate } from 'shared/ui';
import type { ReservationDetail } from 'shared/contract';
import { getHistoriques, getReservation } from '../api/reservation-api';
import { TotauxDescriptions } from './totaux-descriptions';
import { useLoaded } from '../hooks/use-loaded';
import { HistoriqueTimeline } from './historique-timeline';
import { NuiteesTable } from './nuitees-table';
import { ReservationActionsBar } from './reservation-actions-bar';
import { ReservationHeader } from './reservation-header';

/** The stay opened last (spec §3 « selected resa »), shown at once while it reloads, if it is this one. */
function storedReservation(): ReservationDetail | null {
  const stored = readSelection<ReservationDetail>('resa');
  return stored && Array.isArray(stored.nuitees) && stored.totaux && stored.actions ? stored : null;
}

/** fiche-resa/:id — everything about one stay, and what may be done with it. */
export function FicheResaPage() {
  const id = useRecordId();
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  const detail = useLoaded(getReservation, id, version, storedReservation());
  const historiques = useLoaded(getHistoriques, id, version);
  const loaded = detail.loading ? null : detail.data;

  useEffect(() => {
    if (loaded) saveSelection('resa', loaded);
  }, [loaded]);

  return (
    <PageFrame routeId="fiche-resa">
      <RecordGate
        record={detail.data}
        state={detail}
        notFoundTitle="Réservation introuvable"
        listRouteId="reservations"
      >
        {(reservation) => (
          <Flex vertical gap={16}>
            <ReservationHeader
              reservation={reservation}
              onChanged={changed}
              extra={<ReservationActionsBar reservation={reservation} onChanged={changed} />}
            />
            <Card type="inner" title="Totaux">
              <TotauxDescriptions totaux={reservation.totaux} />
            </Card>
            <Card type="inner" title="Nuitées">
              <NuiteesTable reservation={reservation} />
            </Card>
            <Card type="inner" title="Historique">
              <HistoriqueTimeline state={historiques} />
            </Card>
          </Flex>
        )}
      </RecordGate>
    </PageFrame>
  );
}
