import type { ComponentType } from 'react';
import { PointageCafPage, PointagePafPage, PointagePresencePage } from './routes/pointage-pages';
import { RoomingClientPage, RoomingEtabPage, RoomingPensionnairesPage } from './routes/rooming-pages';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'rooming-etab': RoomingEtabPage,
  'rooming-client': RoomingClientPage,
  'rooming-pensionnaires': RoomingPensionnairesPage,
  'pointage-presence': PointagePresencePage,
  'pointage-paf': PointagePafPage,
  'pointage-caf': PointageCafPage,
};

export default pages;
