import type { RemoteDeclarations } from 'shared/contract';

/**
 * The screens this remote owns (issue 38 §3): its routes under /dashboard and its side-menu entries, as plain data.
 * The build writes them beside mf-manifest.json (declarations.json), the release carries them, the registry serves
 * them and the host builds its router and menu from them. Only type imports here: the build config reads this file.
 */
export const declarations = {
  routes: [
    { id: 'client', path: 'client', title: 'Clients' },
    { id: 'client-details', path: 'client-details/:id', title: 'Fiche client' },
    { id: 'groupe-client', path: 'groupe-client', title: 'Groupes clients' },
    { id: 'pensionnaires', path: 'pensionnaires', title: 'Pensionnaires' },
    { id: 'pensionnaire', path: 'pensionnaires/:id', title: 'Fiche pensionnaire' },
    // Issue 10 §4 (not in spec §2): households, since requests and bookings are made per household.
    { id: 'foyers', path: 'foyers', title: 'Foyers' },
    { id: 'foyer', path: 'foyers/:id', title: 'Fiche foyer' },
    { id: 'repas', path: 'repas', title: 'Repas' },
    { id: 'utilisateurs', path: 'utilisateurs', title: 'Utilisateurs' },
    { id: 'etablissement', path: 'etablissement', title: 'Établissements', guards: ['subject'] },
    {
      id: 'etablissement-details',
      path: 'etablissement-details/:id',
      title: 'Fiche établissement',
      guards: ['subject'],
    },
    {
      id: 'group-etablissement',
      path: 'group-etablissement',
      title: "Groupes d'établissements",
      guards: ['subject'],
    },
    { id: 'type-chambre', path: 'type-chambre', title: 'Types de chambre', guards: ['subject'] },
    {
      id: 'contract-etablissement',
      path: 'contract-etablissement',
      title: 'Contrats établissement',
      guards: ['subject'],
    },
    {
      id: 'contract-etablissement-details',
      path: 'contract-etablissement-details/:id',
      title: 'Fiche contrat établissement',
      guards: ['subject'],
    },
    { id: 'contrat-client', path: 'contrat-client', title: 'Contrats clients', guards: ['subject'] },
    {
      id: 'contrat-client-details',
      path: 'contrat-client/:id',
      title: 'Fiche contrat client',
      guards: ['subject'],
    },
  ],
  menu: [
    { group: 'etablissement', routeId: 'group-etablissement', label: "Groupes d'établissements", order: 10 },
    { group: 'etablissement', routeId: 'etablissement', label: 'Établissements', order: 20 },
    { group: 'etablissement', routeId: 'type-chambre', label: 'Types de chambre', order: 30 },
    { group: 'etablissement', routeId: 'contract-etablissement', label: 'Contrats établissement', order: 40 },
    { group: 'client', routeId: 'groupe-client', label: 'Groupes clients', order: 10 },
    { group: 'client', routeId: 'client', label: 'Clients', order: 20 },
    { group: 'client', routeId: 'contrat-client', label: 'Contrats clients', order: 30 },
    { group: 'client', routeId: 'pensionnaires', label: 'Pensionnaires', order: 40 },
    { group: 'client', routeId: 'foyers', label: 'Foyers', order: 50 },
    { group: 'client', routeId: 'repas', label: 'Repas', order: 60 },
    { group: 'utilisateurs', routeId: 'utilisateurs', label: 'Utilisateurs', order: 10 },
  ],
} as const satisfies RemoteDeclarations;
