// What a remote declares about its screens (issue 38 §3): its routes and its menu entries, as plain data in its own
// source (`<remote>/src/routes.ts`), carried by its release and served by the registry. Free of any schema library:
// the shell reads these types at start-up, the API's promote checks them, and a remote's build config imports them.

/** Where a declaration travels: each remote's build writes it beside mf-manifest.json. */
export const DECLARATIONS_FILE = 'declarations.json';

/**
 * « Mon compte », the one page under /dashboard the host renders itself rather than a remote (the route table lists
 * the remotes' pages): the user's own account, reached from the top bar. Here so that promote refuses a remote's
 * route on its path. The host's public pages (login, sign-up, the forgotten password) are in `auth-values.ts`.
 */
export const ACCOUNT_PATH = 'mon-compte';

/**
 * « Versions des modules » (issue 38 §2): the registry's admin screen, which the host renders too — the page that
 * rolls back a broken remote must not be loaded from a remote. Promote refuses a remote's route on it as well.
 */
export const MODULE_VERSIONS_PATH = 'versions-modules';

/** The host's own pages under /dashboard: no remote may declare a route on one of these paths. */
export const HOST_DASHBOARD_PATHS = [ACCOUNT_PATH, MODULE_VERSIONS_PATH] as const;

/** The permission names a route or a menu entry may require (`hasPermission` in auth/permissions.ts). */
export const PERMISSION_NAMES = ['manageReferenceData', 'manageUsers', 'manageReleases'] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];

/** Route guards the host applies: `subject` opens a route only to a token with a subject claim (spec §2's extras). */
export const ROUTE_GUARDS = ['subject'] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

/** The side menu's groups of spec §2, in its order, with its French labels; a group may need a permission. */
export const MENU_GROUPS = [
  { key: 'reservation', label: 'Reservation' },
  { key: 'demande-hebergement', label: 'Demande hébergement' },
  { key: 'pointage', label: 'Pointage' },
  { key: 'rooming', label: 'Rooming' },
  { key: 'etablissement', label: 'Etablissement', permission: 'manageReferenceData' },
  { key: 'client', label: 'Client' },
  { key: 'statistiques', label: 'Statistiques' },
  { key: 'facturation', label: 'Facturation' },
  { key: 'utilisateurs', label: 'Utilisateurs', permission: 'manageUsers' },
] as const satisfies readonly { key: string; label: string; permission?: PermissionName }[];
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

/** One page of a remote. */
export interface RouteDeclaration {
  /** Stable id, also the key of the page in the remote's exposed page map. */
  id: string;
  /** Path under /dashboard, exactly as the spec writes it (case included). */
  path: string;
  title: string;
  guards?: readonly RouteGuard[];
  permission?: PermissionName;
}

/** One entry of the side menu, pointing at one of the remote's routes. */
export interface MenuEntryDeclaration {
  group: MenuGroupKey;
  routeId: string;
  label: string;
  /** Place in its group, ascending (entries of several remotes may share a group). */
  order: number;
  permission?: PermissionName;
}

export interface RemoteDeclarations {
  routes: readonly RouteDeclaration[];
  menu: readonly MenuEntryDeclaration[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const names = (values: readonly string[]) => values.join(', ');

function routeProblems(route: unknown, where: string): string[] {
  if (!isObject(route)) return [`${where} doit être un objet`];
  const problems = (['id', 'path', 'title'] as const)
    .filter((key) => !isText(route[key]))
    .map((key) => `${where}/${key} doit être une chaîne non vide`);
  const guards = route.guards;
  if (
    guards !== undefined &&
    (!Array.isArray(guards) || guards.some((g) => !ROUTE_GUARDS.includes(g as never)))
  )
    problems.push(`${where}/guards : garde inconnue (connues : ${names(ROUTE_GUARDS)})`);
  if (route.permission !== undefined && !PERMISSION_NAMES.includes(route.permission as never))
    problems.push(`${where}/permission : permission inconnue « ${String(route.permission)} »`);
  return problems;
}

function entryProblems(entry: unknown, where: string): string[] {
  if (!isObject(entry)) return [`${where} doit être un objet`];
  const problems = (['routeId', 'label'] as const)
    .filter((key) => !isText(entry[key]))
    .map((key) => `${where}/${key} doit être une chaîne non vide`);
  if (!MENU_GROUPS.some((group) => group.key === entry.group))
    problems.push(`${where}/group : groupe de menu inconnu « ${String(entry.group)} »`);
  if (typeof entry.order !== 'number' || !Number.isFinite(entry.order))
    problems.push(`${where}/order doit être un nombre`);
  if (entry.permission !== undefined && !PERMISSION_NAMES.includes(entry.permission as never))
    problems.push(`${where}/permission : permission inconnue « ${String(entry.permission)} »`);
  return problems;
}

/**
 * The problems of one remote's declarations, in French, each naming where it is: the shell's parser, the release
 * command and promote all ask this one function. An empty list means usable.
 */
export function declarationProblems(value: unknown, where = ''): string[] {
  if (!isObject(value)) return [`${where || '/'} doit être un objet`];
  const problems: string[] = [];
  const { routes, menu } = value;
  if (!Array.isArray(routes)) problems.push(`${where}/routes doit être une liste`);
  else routes.forEach((route, index) => problems.push(...routeProblems(route, `${where}/routes/${index}`)));
  if (!Array.isArray(menu)) problems.push(`${where}/menu doit être une liste`);
  else {
    menu.forEach((entry, index) => problems.push(...entryProblems(entry, `${where}/menu/${index}`)));
    const ids = new Set(Array.isArray(routes) ? routes.map((route: { id?: unknown }) => route?.id) : []);
    for (const entry of menu as { routeId?: unknown }[])
      if (isObject(entry) && isText(entry.routeId) && !ids.has(entry.routeId))
        problems.push(`${where}/menu : l'entrée « ${entry.routeId} » ne désigne aucune route du module`);
  }
  return problems;
}
