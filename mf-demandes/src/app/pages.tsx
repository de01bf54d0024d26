import type { ComponentType } from 'react';
import { DemandePage } from './routes/demande-page';
import { DemandesPage } from './routes/demandes-page';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'demandes-hebergement': DemandesPage,
  'demande-hebergement': DemandePage,
};

export default pages;
