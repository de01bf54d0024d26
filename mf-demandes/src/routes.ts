import type { RemoteDeclarations } from 'shared/contract';

/**
 * The screens this remote owns (issue 38 §3): its routes under /dashboard and its side-menu entries, as plain data.
 * The build writes them beside mf-manifest.json (declarations.json), the release carries them, the registry serves
 * them and the host builds its router and menu from them. Only type imports here: the build config reads this file.
 */
export const declarations = {
  routes: [
    { id: 'demandes-hebergement', path: 'Demande-Hebergement', title: "Demandes d'hébergement" },
    { id: 'demande-hebergement', path: 'demande-hebergement/:id', title: "Demande d'hébergement" },
  ],
  menu: [
    {
      group: 'demande-hebergement',
      routeId: 'demandes-hebergement',
      label: "Demandes d'hébergement",
      order: 10,
    },
  ],
} as const satisfies RemoteDeclarations;
