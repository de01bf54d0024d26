// Every route of the product as the registry serves them to the host (issue 38 §3): each remote declares its own in
// `<remote>/src/routes.ts`; the browser tests and the benches walk them all.
import type { RouteDeclaration } from 'shared/contract';
import type { RemoteName } from 'shared/federation';
import { declarations as demandes } from '../../mf-demandes/src/routes';
import { declarations as referentiel } from '../../mf-referentiel/src/routes';
import { declarations as reservations } from '../../mf-reservations/src/routes';
import { declarations as roomingPointage } from '../../mf-rooming-pointage/src/routes';
import { declarations as stats } from '../../mf-stats/src/routes';

const BY_REMOTE: Record<RemoteName, { routes: readonly RouteDeclaration[] }> = {
  mf_reservations: reservations,
  mf_demandes: demandes,
  mf_rooming_pointage: roomingPointage,
  mf_referentiel: referentiel,
  mf_stats: stats,
};

export const PRODUCT_ROUTES: readonly (RouteDeclaration & { remote: RemoteName })[] = Object.entries(
  BY_REMOTE,
).flatMap(([remote, declared]) =>
  declared.routes.map((route) => ({ ...route, remote: remote as RemoteName })),
);
