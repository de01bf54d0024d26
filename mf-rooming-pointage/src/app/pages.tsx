import type { ComponentType } from 'react';
import { scaffoldPages } from 'shared/ui';
import { PointageCafPage, PointagePafPage, PointagePresencePage } from './routes/pointage-pages';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  ...scaffoldPages('mf_rooming_pointage', 'Rooming et pointage'),
  'pointage-presence': PointagePresencePage,
  'pointage-paf': PointagePafPage,
  'pointage-caf': PointageCafPage,
};

export default pages;
