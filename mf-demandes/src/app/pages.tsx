import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';

// Each page loaded when it is first shown (lazyPage): the list does not download the request's card and its dialogs.

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'demandes-hebergement': lazyPage(
    () => import('./routes/demandes-page'),
    (module) => module.DemandesPage,
  ),
  'demande-hebergement': lazyPage(
    () => import('./routes/demande-page'),
    (module) => module.DemandePage,
  ),
};

export default pages;
