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
    { id: 'releves', path: 'Releves', title: 'Relevés établissements' },
    { id: 'factures-etablissements', path: 'FacturesEtablissements', title: 'Factures établissements' },
    { id: 'facture-etablissement', path: 'FacturesEtablissements/:id', title: 'Facture établissement' },
    { id: 'parametres-facturation', path: 'ParametresFacturation', title: 'Paramètres de facturation' },
  ],
  menu: [
    { group: 'statistiques', routeId: 'stats-per-pax', label: 'Par nombre de pax', order: 10 },
    { group: 'statistiques', routeId: 'stats-per-month', label: 'Par mois', order: 20 },
    { group: 'statistiques', routeId: 'stats-per-ca', label: "Par chiffre d'affaires", order: 30 },
    { group: 'facturation', routeId: 'releves', label: 'Relevés établissements', order: 30 },
    { group: 'facturation', routeId: 'factures-etablissements', label: 'Factures établissements', order: 40 },
    // Every user opens the settings: administrators edit them, others read them with a notice (docs/invoicing.md).
    {
      group: 'facturation',
      routeId: 'parametres-facturation',
      label: 'Paramètres de facturation',
      order: 70,
    },
  ],
} as const satisfies RemoteDeclarations;
