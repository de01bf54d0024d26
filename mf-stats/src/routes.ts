import type { RemoteDeclarations } from 'shared/contract';

/**
 * The screens this remote owns (issue 38 §3): its routes under /dashboard and its side-menu entries, as plain data.
 * The build writes them beside mf-manifest.json (declarations.json), the release carries them, the registry serves
 * them and the host builds its router and menu from them. Only type imports here: the build config reads this file.
 */
export const declarations = {
  routes: [
    { id: 'stats-per-pax', path: 'StatsPerPax', title: 'Statistiques par nombre de pax' },
    { id: 'stats-per-month', path: 'StatsPerMonth', title: 'Statistiques par mois' },
    { id: 'stats-per-ca', path: 'StatsPerCa', title: "Statistiques par chiffre d'affaires" },
    { id: 'factures', path: 'Factures', title: 'Factures clients' },
    { id: 'facture', path: 'Factures/:id', title: 'Facture' },
    { id: 'avoirs', path: 'Avoirs', title: 'Avoirs' },
    { id: 'releves', path: 'Releves', title: 'Relevés établissements' },
    { id: 'factures-etablissements', path: 'FacturesEtablissements', title: 'Factures établissements' },
    { id: 'facture-etablissement', path: 'FacturesEtablissements/:id', title: 'Facture établissement' },
    { id: 'parametres-facturation', path: 'ParametresFacturation', title: 'Paramètres de facturation' },
    { id: 'balance-agee', path: 'BalanceAgee', title: 'Balance âgée' },
    { id: 'export-comptable', path: 'ExportComptable', title: 'Export comptable' },
  ],
  menu: [
    { group: 'statistiques', routeId: 'stats-per-pax', label: 'Par nombre de pax', order: 10 },
    { group: 'statistiques', routeId: 'stats-per-month', label: 'Par mois', order: 20 },
    { group: 'statistiques', routeId: 'stats-per-ca', label: "Par chiffre d'affaires", order: 30 },
    { group: 'facturation', routeId: 'factures', label: 'Factures clients', order: 10 },
    { group: 'facturation', routeId: 'avoirs', label: 'Avoirs', order: 20 },
    { group: 'facturation', routeId: 'releves', label: 'Relevés établissements', order: 30 },
    { group: 'facturation', routeId: 'factures-etablissements', label: 'Factures établissements', order: 40 },
    { group: 'facturation', routeId: 'balance-agee', label: 'Balance âgée', order: 50 },
    { group: 'facturation', routeId: 'export-comptable', label: 'Export comptable', order: 60 },
    // Every user opens the settings: administrators edit them, others read them with a notice (docs/invoicing.md).
    {
      group: 'facturation',
      routeId: 'parametres-facturation',
      label: 'Paramètres de facturation',
      order: 70,
    },
  ],
} as const satisfies RemoteDeclarations;
