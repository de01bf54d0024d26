import type { RemoteDeclarations } from 'shared/contract';

/**
 * The screens this remote owns (issue 38 §3): its routes under /dashboard and its side-menu entries, as plain data.
 * The build writes them beside mf-manifest.json (declarations.json), the release carries them, the registry serves
 * them and the host builds its router and menu from them. Only type imports here: the build config reads this file.
 */
export const declarations = {
  routes: [
    { id: 'rooming-etab', path: 'rooming-etab', title: 'Rooming établissement' },
    { id: 'rooming-client', path: 'rooming-client', title: 'Rooming client' },
    { id: 'rooming-pensionnaires', path: 'rooming-pensionnaires', title: 'Rooming pensionnaires' },
    { id: 'pointage-presence', path: 'pointage-presence', title: 'Pointage présence' },
    { id: 'pointage-paf', path: 'pointage-paf', title: 'Pointage PAF' },
    { id: 'pointage-caf', path: 'pointage-caf', title: 'Pointage CAF' },
  ],
  menu: [
    { group: 'pointage', routeId: 'pointage-presence', label: 'Pointage présence', order: 10 },
    { group: 'pointage', routeId: 'pointage-paf', label: 'Pointage PAF', order: 20 },
    { group: 'pointage', routeId: 'pointage-caf', label: 'Pointage CAF', order: 30 },
    { group: 'rooming', routeId: 'rooming-etab', label: 'Rooming Etab.', order: 10 },
    { group: 'rooming', routeId: 'rooming-client', label: 'Rooming client', order: 20 },
    { group: 'rooming', routeId: 'rooming-pensionnaires', label: 'Rooming pensionnaires', order: 30 },
  ],
} as const satisfies RemoteDeclarations;
