import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';
import { StatsPerCaPage, StatsPerMonthPage, StatsPerPaxPage } from '../features/stats';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'stats-per-pax': StatsPerPaxPage,
  'stats-per-month': StatsPerMonthPage,
  'stats-per-ca': StatsPerCaPage,
  // Invoicing's screens load when first shown: the statistics screen, the remote's first visit, does not grow.
  'balance-agee': lazyPage(
    () => import('../features/comptabilite/components/balance-agee-page'),
    (module) => module.BalanceAgeePage,
  ),
  'export-comptable': lazyPage(
    () => import('../features/comptabilite/components/export-comptable-page'),
    (module) => module.ExportComptablePage,
  ),
};

export default pages;
