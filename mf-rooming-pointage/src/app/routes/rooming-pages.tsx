import { PageFrame } from 'shared/ui';
import { RoomingList } from '../../features/rooming';

/** « rooming-etab »: what each hotel is paid for a period, and its rooming list sent to it. */
export function RoomingEtabPage() {
  return (
    <PageFrame routeId="rooming-etab">
      <RoomingList kind="etab" />
    </PageFrame>
  );
}

/** « rooming-client »: what each client is invoiced for a period, with its PAF / CAF. */
export function RoomingClientPage() {
  return (
    <PageFrame routeId="rooming-client">
      <RoomingList kind="client" />
    </PageFrame>
  );
}

/** « rooming-pensionnaires »: who stayed where during a period. */
export function RoomingPensionnairesPage() {
  return (
    <PageFrame routeId="rooming-pensionnaires">
      <RoomingList kind="pens" />
    </PageFrame>
  );
}
