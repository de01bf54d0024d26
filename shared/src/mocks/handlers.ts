import type { RequestHandler } from 'msw';
import { authHandlers } from './common/auth-handlers';
import { comptabiliteHandlers } from './comptabilite';
import { demandesHandlers } from './demandes';
import { facturationHandlers, facturationHistoriqueHandlers } from './facturation';
import { facturationCompteursHandlers } from './facturation/compteurs';
import { MOCK_API } from './common/mock-api';
import { notificationsHandlers } from './notifications';
import { referentielHandlers } from './referentiel';
import { releasesHandlers } from './releases';
import { relevesMocksHandlers } from './releves';
import { reservationsHandlers } from './reservations';
import { roomingPointageHandlers } from './rooming-pointage';
import { statsHandlers } from './stats';
import { tasksHandlers } from './tasks';

export { MOCK_API };

/**
 * Every mock handler, for standalone mode (`shared/mocks/browser`) and component tests (`shared/mocks/node`): the
 * common part (session), then each remote's API. A remote's screens call other remotes' APIs too (the booking
 * reads clients and hotels), so every app starts them all.
 */
export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...referentielHandlers,
  // Before the reservations' own: their PUT pointage_paf_caf predates the nights picked.
  ...roomingPointageHandlers,
  ...reservationsHandlers,
  ...statsHandlers,
  ...comptabiliteHandlers,
  ...facturationHandlers,
  ...facturationHistoriqueHandlers,
  ...demandesHandlers,
  ...notificationsHandlers,
  ...tasksHandlers,
  ...releasesHandlers,
  ...relevesMocksHandlers,
  ...facturationCompteursHandlers,
];
