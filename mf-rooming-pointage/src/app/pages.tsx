import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';

// Each group of pages loaded when one of them is first shown (lazyPage): a rooming list does not download the
// pointage screens' dialogs, nor the other way round.
const rooming = () => import('./routes/rooming-pages');
const pointage = () => import('./routes/pointage-pages');

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'rooming-etab': lazyPage(rooming, (module) => module.RoomingEtabPage),
  'rooming-client': lazyPage(rooming, (module) => module.RoomingClientPage),
  'rooming-pensionnaires': lazyPage(rooming, (module) => module.RoomingPensionnairesPage),
  'pointage-presence': lazyPage(pointage, (module) => module.PointagePresencePage),
  'pointage-paf': lazyPage(pointage, (module) => module.PointagePafPage),
  'pointage-caf': lazyPage(pointage, (module) => module.PointageCafPage),
};

export default pages;
