import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';
import { StatsPerCaPage, StatsPerMonthPage, StatsPerPaxPage } from '../features/stats';

// The statistics are the remote's first screen (kept in its first load); the invoicing pages are each loaded when
// first shown (lazyPage), so that first visit does not grow (docs/invoicing.md « Screens: client invoices and credit
// notes »).
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
  releves: lazyPage(
    () => import('../features/releves/components/releves-page'),
    (module) => module.RelevesPage,
  ),
  'factures-etablissements': lazyPage(
    () => import('../features/releves/components/factures-etablissements-page'),
    (module) => module.FacturesEtablissementsPage,
  ),
  'facture-etablissement': lazyPage(
    () => import('../features/releves/components/facture-etablissement-page'),
    (module) => module.FactureEtablissementPage,
  ),
  'parametres-facturation': lazyPage(
    () => import('../features/parametres-facturation/components/parametres-facturation-page'),
    (module) => module.ParametresFacturationPage,
  ),
};

export default pages;
