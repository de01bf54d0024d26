import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';
import { StatsPerCaPage, StatsPerMonthPage, StatsPerPaxPage } from '../features/stats';

// The invoicing pages load when first shown (lazyPage): the statistics screen, this remote's first visit, does not
// download them (docs/invoicing.md « Screens: client invoices and credit notes »).
const factures = () => import('../features/factures');

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'stats-per-pax': StatsPerPaxPage,
  'stats-per-month': StatsPerMonthPage,
  'stats-per-ca': StatsPerCaPage,
  factures: lazyPage(factures, (module) => module.FacturesPage),
  facture: lazyPage(factures, (module) => module.FacturePage),
  avoirs: lazyPage(factures, (module) => module.AvoirsPage),
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
