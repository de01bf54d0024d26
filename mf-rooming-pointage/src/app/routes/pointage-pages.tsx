import { PageFrame } from 'shared/ui';
import { PointagePaiementList } from '../../features/pointage-paiement';
import { PointagePresenceList } from '../../features/pointage-presence';

/** « pointage-presence »: who slept where, night by night. */
export function PointagePresencePage() {
  return (
    <PageFrame routeId="pointage-presence">
      <PointagePresenceList />
    </PageFrame>
  );
}

/** « pointage-paf »: the PAF nights to verify. */
export function PointagePafPage() {
  return (
    <PageFrame routeId="pointage-paf">
      <PointagePaiementList flux="paf" />
    </PageFrame>
  );
}

/** « pointage-caf »: the CAF nights to verify. */
export function PointageCafPage() {
  return (
    <PageFrame routeId="pointage-caf">
      <PointagePaiementList flux="caf" />
    </PageFrame>
  );
}
