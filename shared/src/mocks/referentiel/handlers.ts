import { http, type RequestHandler } from 'msw';
import type { TSchema } from 'typebox';
import {
  COMMON_MESSAGES,
  CONTRATS_MESSAGES,
  REFERENTIEL_MESSAGES as R,
  USERS_MESSAGES,
  ClientBody,
  CONTRAT_TRANSITIONS,
  CONTRATS_PATHS,
  ContratClientBody,
  ContratClientUpdateBody,
  ContratEtablissementBody,
  ContratEtablissementUpdateBody,
  ContratStatutBody,
  REPAS_PATH,
  type ContratStatut,
  EtablissementBody,
  GroupeBody,
  PensionnaireBody,
  PENSIONNAIRE_AGENT_FIELDS,
  pensionnaireAgentRefusal,
  PensionnairePatchBody,
  REFERENTIEL_PATHS,
  TypeChambreBody,
  USERS_PATH,
  CreateUserBody,
  PasswordBody,
  RoleBody,
  type Etablissement,
  USER_STATUTS,
  type UserItem,
  type UserStatut,
} from '../../contract';
import { toAmount } from '../../format/money';
import { containsText } from '../../format/search';
import { api, claimsOf, fail, json, readJson, validationField, validationMessage } from '../common/http';
import { clesApiHandlers, resetClesApiMocks } from './cles-api';
import { foyersHandlers, resetFoyersMocks } from './foyers';
import { listHandler, listPage, parseListQuery } from '../common/list-handlers';
import {
  seedClients,
  seedContratsClients,
  seedContratsEtablissement,
  seedEtablissements,
  seedGroupesClients,
  seedGroupesEtablissements,
  seedPensionnaires,
  seedRepas,
  seedTypesChambre,
  seedUsers,
} from './fixtures';

/**
 * The reference-data API in memory (api/src/modules/referentiel, api/src/modules/utilisateurs): same paths, bodies checked
 * against the same TypeBox schemas, same French messages, same rules — everybody reads, only `admin` writes (403),
 * duplicates and archiving a record still in use answer 409. Enough for a standalone remote and its tests.
 */

interface StoredRow {
  id: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}
type Row = StoredRow & Record<string, unknown>;

const clone = <T>(rows: readonly T[]): T[] => rows.map((row) => ({ ...row }));

const rows = {
  groupesEtablissements: clone(seedGroupesEtablissements) as unknown as Row[],
  etablissements: clone(seedEtablissements) as unknown as Row[],
  typesChambre: clone(seedTypesChambre) as unknown as Row[],
  groupesClients: clone(seedGroupesClients) as unknown as Row[],
  clients: clone(seedClients) as unknown as Row[],
  pensionnaires: clone(seedPensionnaires) as unknown as Row[],
};

/** A hotel as the mocks hold it now (the referentiel screens and the rooming send may change its address). */
export const storedEtablissement = (id: number) =>
  rows.etablissements.find((row) => row.id === id) as (Etablissement & Row) | undefined;

/** Contracts with their lines (deep copies: the lines are arrays too). */
type ContratRow = Record<string, unknown> & { id: number; statut: ContratStatut; lignes: Row[] };
const cloneContrats = (seeds: readonly object[]): ContratRow[] =>
  seeds.map((seed) => structuredClone(seed) as ContratRow);
const contrats = {
  etablissement: cloneContrats(seedContratsEtablissement),
  client: cloneContrats(seedContratsClients),
};
const users: UserItem[] = clone(seedUsers);

/**
 * Puts the seeds back (in place: the handlers keep their arrays). Tests call it first, so that what one test
 * writes never leaks into the next.
 */
export function resetReferentielMocks(): void {
  const seeds: Record<keyof typeof rows, readonly object[]> = {
    groupesEtablissements: seedGroupesEtablissements,
    etablissements: seedEtablissements,
    typesChambre: seedTypesChambre,
    groupesClients: seedGroupesClients,
    clients: seedClients,
    pensionnaires: seedPensionnaires,
  };
  for (const key of Object.keys(rows) as (keyof typeof rows)[]) {
    rows[key].splice(0, rows[key].length, ...(clone(seeds[key]) as Row[]));
  }
  users.splice(0, users.length, ...clone(seedUsers));
  contrats.etablissement.splice(
    0,
    contrats.etablissement.length,
    ...cloneContrats(seedContratsEtablissement),
  );
  contrats.client.splice(0, contrats.client.length, ...cloneContrats(seedContratsClients));
  resetClesApiMocks();
  resetFoyersMocks();
}

/**
 * 401 without a readable token; 403 for a write (or any `adminOnly` call) by a non-administrator. A PATCH checks its
 * fields itself (the agents' partial update).
 */
function guard(request: Request, adminOnly: boolean) {
  const claims = claimsOf(request);
  if (!claims) return fail(401, COMMON_MESSAGES.unauthorized);
  const write = request.method !== 'GET' && request.method !== 'PATCH';
  if ((adminOnly || write) && claims.role !== 'admin') return fail(403, COMMON_MESSAGES.forbidden);
  return undefined;
}

const lower = (value: unknown) => String(value ?? '').toLocaleLowerCase('fr');
const active = (row: Row) => row.archivedAt === null;

interface ResourceMock {
  path: string;
  rows: Row[];
  body: TSchema;
  searchable: readonly string[];
  /** Id parameters matched exactly. */
  exact?: readonly string[];
  defaultSort: string;
  /** « l'établissement « Hôtel du Parc » » */
  describe: (row: Row) => string;
  notFound: string;
  duplicate: string;
  /** The unique key among active rows (case-insensitive, like the database's unique indexes). */
  uniqueKey: (row: Record<string, unknown>) => string;
  /** The unique index also covers archived rows (default: active rows only, a partial index). */
  uniqueIncludesArchived?: boolean;
  parents?: { field: string; rows: Row[]; message: string }[];
  /** Rows still pointing at a record: while one exists, archiving it answers 409 with `message`. */
  references?: { rows: Row[]; field: string; message: string }[];
  /** `PATCH /:id`: any field for an administrator, only `fields` for an agent (403 `refusal`). */
  agentPatch?: { body: TSchema; fields: readonly string[]; refusal: (fields: string[]) => string };
}

function resourceHandlers(resource: ResourceMock): RequestHandler[] {
  const base = api(resource.path);
  const say = (row: Row, verb: string) => R.about(resource.describe(row), verb);

  const find = (raw: unknown) => {
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
    if (id === null) return { response: fail(400, COMMON_MESSAGES.invalidId) };
    const row = resource.rows.find((candidate) => candidate.id === id);
    return row ? { row } : { response: fail(404, resource.notFound) };
  };

  const duplicateOf = (values: Record<string, unknown>, exceptId: number | null) =>
    resource.rows.some(
      (row) =>
        (resource.uniqueIncludesArchived || active(row)) &&
        row.id !== exceptId &&
        resource.uniqueKey(row) === resource.uniqueKey(values),
    );

  /** 400 or 409 for a body the API would refuse, else null. */
  const refuse = (body: unknown, exceptId: number | null) => {
    const invalid = validationMessage(resource.body, body);
    if (invalid) return fail(400, invalid);
    const values = body as Record<string, unknown>;
    for (const parent of resource.parents ?? []) {
      const id = values[parent.field];
      if (id === undefined || id === null) continue;
      if (!parent.rows.some((row) => row.id === id && active(row))) return fail(400, parent.message);
    }
    if (duplicateOf(values, exceptId)) return fail(409, resource.duplicate);
    return null;
  };

  const now = () => new Date().toISOString();

  const patchHandler = (patch: NonNullable<ResourceMock['agentPatch']>) =>
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const body = await readJson(request);
      const invalid = validationMessage(patch.body, body);
      if (invalid) return fail(400, invalid);
      const values = body as Record<string, unknown>;
      if (claimsOf(request)?.role !== 'admin') {
        const refused = Object.keys(values).filter((field) => !patch.fields.includes(field));
        if (refused.length > 0) return fail(403, patch.refusal(refused));
      }
      const { row, response } = find(params.id);
      if (!row) return response;
      if (!active(row)) return fail(409, say(row, R.archivedRestoreFirst));
      const refused = refuse({ ...pickBody(row), ...values }, row.id);
      if (refused) return refused;
      Object.assign(row, values, { updatedAt: now() });
      return json(200, { message: say(row, R.updated), data: row });
    });

  /** The body fields of a stored row (a PATCH is checked as the full body it leads to). */
  const pickBody = (row: Row) =>
    Object.fromEntries(
      Object.keys((resource.body as { properties: object }).properties)
        .filter((key) => row[key] !== undefined && row[key] !== null)
        .map((key) => [key, row[key]]),
    );

  return [
    http.all(base, ({ request }) => guard(request, false)),
    http.all(`${base}/*`, ({ request }) => guard(request, false)),
    listHandler(resource.path, resource.rows, resource.searchable, {
      sortable: [...resource.searchable, 'createdAt'],
      ...(resource.exact ? { exact: resource.exact } : {}),
      defaultSort: { key: resource.defaultSort, order: 'asc' },
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const { row, response } = find(params.id);
      return response ?? json(200, row);
    }),
    http.post(base, async ({ request }) => {
      const body = await readJson(request);
      const refused = refuse(body, null);
      if (refused) return refused;
      const values = body as Record<string, unknown>;
      const id = Math.max(0, ...resource.rows.map((row) => row.id)) + 1;
      const at = now();
      const defaults = Object.fromEntries(
        Object.keys((resource.body as { properties: object }).properties).map((key) => [key, null]),
      );
      const row: Row = { ...defaults, ...values, id, createdAt: at, updatedAt: at, archivedAt: null };
      resource.rows.push(row);
      return json(201, { message: say(row, R.created), data: row });
    }),
    http.put(`${base}/:id`, async ({ params, request }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (!active(row)) return fail(409, say(row, R.archivedRestoreFirst));
      const body = await readJson(request);
      const refused = refuse(body, row.id);
      if (refused) return refused;
      Object.assign(row, body, { updatedAt: now() });
      return json(200, { message: say(row, R.updated), data: row });
    }),
    ...(resource.agentPatch ? [patchHandler(resource.agentPatch)] : []),
    http.put(`${base}/:id/archive`, ({ params }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (!active(row)) return fail(409, say(row, R.alreadyArchived));
      for (const reference of resource.references ?? []) {
        if (reference.rows.some((other) => active(other) && other[reference.field] === row.id))
          return fail(409, reference.message);
      }
      Object.assign(row, { archivedAt: now(), updatedAt: now() });
      return json(200, { message: say(row, R.archived), data: row });
    }),
    http.put(`${base}/:id/restore`, ({ params }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (active(row)) return fail(409, say(row, R.notArchived));
      if (duplicateOf(row, row.id)) return fail(409, resource.duplicate);
      Object.assign(row, { archivedAt: null, updatedAt: now() });
      return json(200, { message: say(row, R.restored), data: row });
    }),
  ];
}

const byName = (row: Record<string, unknown>) => lower(row.nom);

const resources: ResourceMock[] = [
  {
    path: REFERENTIEL_PATHS.groupesEtablissements,
    rows: rows.groupesEtablissements,
    body: GroupeBody,
    searchable: ['nom'],
    defaultSort: 'nom',
    describe: (row) => R.groupeEtablissements.subject(String(row.nom)),
    notFound: R.groupeEtablissements.notFound,
    duplicate: R.groupeEtablissements.duplicate,
    uniqueKey: byName,
    references: [
      {
        rows: rows.etablissements,
        field: 'groupeId',
        message: R.groupeEtablissements.stillUsed,
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.etablissements,
    rows: rows.etablissements,
    body: EtablissementBody,
    searchable: ['nom', 'ville', 'codePostal'],
    defaultSort: 'nom',
    describe: (row) => R.etablissement.subject(String(row.nom)),
    notFound: R.etablissement.notFound,
    duplicate: R.etablissement.duplicate,
    uniqueKey: (row) => `${lower(row.nom)}\n${lower(row.ville)}`,
    parents: [
      {
        field: 'groupeId',
        rows: rows.groupesEtablissements,
        message: R.groupeEtablissements.missing,
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.typesChambre,
    rows: rows.typesChambre,
    body: TypeChambreBody,
    searchable: ['libelle', 'capacite'],
    defaultSort: 'libelle',
    describe: (row) => R.typeChambre.subject(String(row.libelle)),
    notFound: R.typeChambre.notFound,
    duplicate: R.typeChambre.duplicate,
    uniqueKey: (row) => lower(row.libelle),
  },
  {
    path: REFERENTIEL_PATHS.groupesClients,
    rows: rows.groupesClients,
    body: GroupeBody,
    searchable: ['nom'],
    defaultSort: 'nom',
    describe: (row) => R.groupeClients.subject(String(row.nom)),
    notFound: R.groupeClients.notFound,
    duplicate: R.groupeClients.duplicate,
    uniqueKey: byName,
    references: [
      {
        rows: rows.clients,
        field: 'groupeId',
        message: R.groupeClients.stillUsed,
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.clients,
    rows: rows.clients,
    body: ClientBody,
    searchable: ['nom', 'ville', 'type'],
    defaultSort: 'nom',
    describe: (row) => R.client.subject(String(row.nom)),
    notFound: R.client.notFound,
    duplicate: R.client.duplicate,
    uniqueKey: byName,
    parents: [
      {
        field: 'groupeId',
        rows: rows.groupesClients,
        message: R.groupeClients.missing,
      },
    ],
    references: [
      {
        rows: rows.pensionnaires,
        field: 'clientId',
        message: R.client.stillUsed,
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.pensionnaires,
    rows: rows.pensionnaires,
    body: PensionnaireBody,
    searchable: ['nom', 'prenom', 'numeroDossier'],
    exact: ['clientId'],
    defaultSort: 'nom',
    describe: (row) => R.pensionnaire.subject(String(row.prenom), String(row.nom)),
    notFound: R.pensionnaire.notFound,
    duplicate: R.pensionnaire.duplicate,
    uniqueKey: (row) => `${String(row.clientId)}\n${String(row.numeroDossier)}`,
    // Not a partial index in the database: an archived resident keeps their file number.
    uniqueIncludesArchived: true,
    parents: [{ field: 'clientId', rows: rows.clients, message: R.client.missing }],
    agentPatch: {
      body: PensionnairePatchBody,
      fields: PENSIONNAIRE_AGENT_FIELDS,
      refusal: pensionnaireAgentRefusal,
    },
  },
];

const USERS_MAX_PAGE_SIZE = 100;

const usersHandlers: RequestHandler[] = [
  http.all(api(USERS_PATH), ({ request }) => guard(request, true)),
  http.all(api(`${USERS_PATH}/*`), ({ request }) => guard(request, true)),
  http.get(api(USERS_PATH), ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? '1');
    const pageSize = Number(query.get('pageSize') ?? '20');
    if (!Number.isInteger(page) || page < 1) return fail(400, USERS_MESSAGES.page);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > USERS_MAX_PAGE_SIZE)
      return fail(400, USERS_MESSAGES.pageSize(USERS_MAX_PAGE_SIZE));
    const statut = query.get('statut');
    if (statut !== null && !USER_STATUTS.includes(statut as UserStatut))
      return fail(400, COMMON_MESSAGES.invalidParam('statut'));
    // As the API: a substring of the name or e-mail whatever the case and the accents.
    const search = query.get('search');
    const matching = users.filter(
      (user) =>
        (statut === null || user.statut === statut) &&
        [user.nom, user.prenom, user.email].some((text) => containsText(text, search)),
    );
    const sorted = matching.sort(
      (a, b) => a.nom.localeCompare(b.nom, 'fr') || a.prenom.localeCompare(b.prenom, 'fr') || a.id - b.id,
    );
    const start = (page - 1) * pageSize;
    return json(200, { users: sorted.slice(start, start + pageSize), total: matching.length });
  }),
  http.put(api(`${USERS_PATH}/:id/activation`), async ({ params, request }) => {
    const body = (await readJson(request)) as { active?: unknown } | null;
    if (typeof body?.active !== 'boolean') return fail(400, USERS_MESSAGES.activeRequired);
    const id = Number(params.id);
    if (claimsOf(request)?.sub === String(id) && !body.active)
      return fail(400, USERS_MESSAGES.ownDeactivation);
    const user = users.find((candidate) => candidate.id === id);
    if (!user) return fail(404, USERS_MESSAGES.notFound);
    const fullName = `${user.prenom} ${user.nom}`;
    if (user.active === body.active)
      return json(200, { message: USERS_MESSAGES.alreadyActive(fullName, body.active) });
    user.active = body.active;
    // Once active, an account is never « en attente » again: shut out, it is « désactivé ».
    user.statut = body.active ? 'actif' : 'desactive';
    return json(200, { message: USERS_MESSAGES.activated(fullName, body.active) });
  }),
  http.post(api(USERS_PATH), async ({ request }) => {
    const body = (await readJson(request)) as CreateUserBody | null;
    const invalid = validationMessage(CreateUserBody, body);
    if (invalid || !body) return fail(400, invalid ?? COMMON_MESSAGES.invalidBody);
    const nom = body.nom.trim();
    const prenom = body.prenom.trim();
    if (nom === '') return fail(400, COMMON_MESSAGES.field.required('nom'));
    if (prenom === '') return fail(400, COMMON_MESSAGES.field.required('prenom'));
    const email = body.email.trim().toLowerCase();
    if (users.some((candidate) => candidate.email === email)) return fail(409, USERS_MESSAGES.emailTaken);
    const user: UserItem = {
      id: Math.max(0, ...users.map((candidate) => candidate.id)) + 1,
      email,
      nom,
      prenom,
      role: body.role,
      active: true,
      statut: 'actif',
    };
    users.push(user);
    const { statut: _statut, ...created } = user;
    return json(201, {
      message: USERS_MESSAGES.created(`${prenom} ${nom}`, user.role),
      data: created,
    });
  }),
  http.put(api(`${USERS_PATH}/:id/role`), async ({ params, request }) => {
    const body = (await readJson(request)) as RoleBody | null;
    const invalid = validationMessage(RoleBody, body);
    if (invalid || !body) return fail(400, invalid ?? COMMON_MESSAGES.invalidBody);
    const id = Number(params.id);
    if (claimsOf(request)?.sub === String(id)) return fail(400, USERS_MESSAGES.ownRole);
    const user = users.find((candidate) => candidate.id === id);
    if (!user) return fail(404, USERS_MESSAGES.notFound);
    const fullName = `${user.prenom} ${user.nom}`;
    if (user.role === body.role)
      return json(200, { message: USERS_MESSAGES.alreadyRole(fullName, body.role) });
    user.role = body.role;
    return json(200, { message: USERS_MESSAGES.roleChanged(fullName, body.role) });
  }),
  http.put(api(`${USERS_PATH}/:id/password`), async ({ params, request }) => {
    const body = (await readJson(request)) as PasswordBody | null;
    const invalid = validationMessage(PasswordBody, body);
    if (invalid) return fail(400, invalid);
    const user = users.find((candidate) => candidate.id === Number(params.id));
    if (!user) return fail(404, USERS_MESSAGES.notFound);
    return json(200, { message: USERS_MESSAGES.passwordReset(`${user.prenom} ${user.nom}`) });
  }),
];

// Contracts (api/src/modules/contrats) ---------------------------------------------------------------------

interface ContratMock {
  path: string;
  rows: ContratRow[];
  body: TSchema;
  updateBody: TSchema;
  /** `etablissementId` or `clientId`. */
  parentField: string;
  /** `etablissementNom` or `clientNom`. */
  parentNameField: string;
  parents: Row[];
  parentMissing: string;
  notFound: string;
  /** « contrat établissement » */
  noun: string;
  /** Extra header defaults (PAF / CAF of a sale contract). */
  defaults?: Record<string, unknown>;
  /** Hotel of a sale line (name shown with it). */
  lineHotels?: boolean;
}

const MONEY_FIELDS = ['prixPetitDejeunerHt', 'prixDejeunerHt', 'prixDinerHt'] as const;
/** A body's amount ('52', validated by the contract's Money) as the API answers it ('52.00'); none is 0. */
const money = (value: unknown) => toAmount(value === undefined || value === null ? '0' : String(value));

function contratHandlers(resource: ContratMock): RequestHandler[] {
  const base = api(resource.path);
  const find = (raw: unknown) => {
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
    if (id === null) return { response: fail(400, COMMON_MESSAGES.invalidId) };
    const row = resource.rows.find((candidate) => candidate.id === id);
    return row ? { row } : { response: fail(404, resource.notFound) };
  };
  const header = (row: ContratRow) => {
    const { lignes: _lignes, ...rest } = row;
    return rest;
  };
  const nextLineId = () =>
    Math.max(0, ...resource.rows.flatMap((row) => row.lignes.map((line) => line.id))) + 1;

  /** The stored contract for a valid body, or the answer refusing it. */
  /** The API's line checks (api/src/modules/contrats/lignes.ts), with the field each names; null when valid. */
  const lineRefusal = (
    contract: { dateDebut: string; dateFin: string },
    lines: Record<string, unknown>[],
  ) => {
    const named = (line: Record<string, unknown>) => {
      const type = `« ${String(rows.typesChambre.find((row) => row.id === line.typeChambreId)?.libelle)} »`;
      if (!resource.lineHotels) return type;
      const hotel = rows.etablissements.find((row) => row.id === line.etablissementId);
      return `${type}, ${hotel ? String(hotel.nom) : 'tous établissements'}`;
    };
    const all = lines.map((line, index) => ({
      line,
      position: index + 1,
      debut: String(line.dateDebut),
      fin: String(line.dateFin),
    }));
    for (const { line, position, debut, fin } of all) {
      if (fin <= debut)
        return fail(
          400,
          CONTRATS_MESSAGES.lineEndBeforeStart(position, named(line)),
          `lignes.${position - 1}.dateFin`,
        );
      if (debut < contract.dateDebut || fin > contract.dateFin)
        return fail(
          400,
          CONTRATS_MESSAGES.lineOutsideContract(
            position,
            named(line),
            CONTRATS_MESSAGES.periode(debut, fin),
            CONTRATS_MESSAGES.periode(contract.dateDebut, contract.dateFin),
          ),
          `lignes.${position - 1}.${debut < contract.dateDebut ? 'dateDebut' : 'dateFin'}`,
        );
    }
    const key = (line: Record<string, unknown>) =>
      `${String(line.typeChambreId)}|${String(line.etablissementId ?? 0)}`;
    for (const current of all)
      for (const previous of all.filter((other) => other.position < current.position)) {
        if (key(previous.line) !== key(current.line)) continue;
        if (previous.debut < current.fin && current.debut < previous.fin) {
          const later = previous.debut > current.debut ? previous : current;
          return fail(
            400,
            CONTRATS_MESSAGES.linesOverlap(previous.position, current.position, named(current.line)),
            `lignes.${later.position - 1}.dateDebut`,
          );
        }
      }
    return null;
  };

  const build = (body: unknown, schema: TSchema, existing: ContratRow | null) => {
    const invalid = validationMessage(schema, body);
    if (invalid) return { response: fail(400, invalid, validationField(schema, body)) };
    const values = body as Record<string, unknown> & {
      lignes: Record<string, unknown>[];
      reference: string;
      dateDebut: string;
      dateFin: string;
    };
    const parent = resource.parents.find((row) => row.id === values[resource.parentField] && active(row));
    if (!parent) return { response: fail(400, resource.parentMissing, resource.parentField) };
    if (
      resource.rows.some((row) => row.id !== existing?.id && lower(row.reference) === lower(values.reference))
    )
      return {
        response: fail(409, CONTRATS_MESSAGES.referenceTaken(resource.noun, values.reference), 'reference'),
      };
    let lineId = nextLineId();
    const lignes: Row[] = [];
    for (const [index, line] of values.lignes.entries()) {
      const type = rows.typesChambre.find((row) => row.id === line.typeChambreId);
      if (!type) return { response: fail(400, R.typeChambre.missing, `lignes.${index}.typeChambreId`) };
      const hotelId = (line.etablissementId as number | null | undefined) ?? null;
      const hotel = hotelId === null ? null : rows.etablissements.find((row) => row.id === hotelId);
      if (hotelId !== null && !hotel)
        return { response: fail(400, R.etablissement.missing, `lignes.${index}.etablissementId`) };
      const kept = existing?.lignes.find((old) => old.id === line.id);
      lignes.push({
        ...line,
        id: kept?.id ?? lineId++,
        typeChambreLibelle: type.libelle,
        prixNuiteeHt: money(line.prixNuiteeHt),
        ...Object.fromEntries(MONEY_FIELDS.map((key) => [key, money(line[key])])),
        ...(resource.lineHotels
          ? { etablissementId: hotelId, etablissementNom: (hotel?.nom as string | undefined) ?? null }
          : { allotement: (line.allotement as number | null | undefined) ?? null }),
        utilisee: Boolean(kept?.utilisee),
      } as unknown as Row);
    }
    const refused = lineRefusal(values, values.lignes);
    if (refused) return { response: refused };
    const now = new Date().toISOString();
    const row: ContratRow = {
      notes: null,
      delaiAlerteJours: 2,
      ...resource.defaults,
      ...values,
      ...Object.fromEntries(
        Object.keys(resource.defaults ?? {}).map((key) => [
          key,
          money(values[key] ?? resource.defaults![key]),
        ]),
      ),
      [resource.parentNameField]: parent.nom,
      id: existing?.id ?? Math.max(0, ...resource.rows.map((other) => other.id)) + 1,
      statut: existing?.statut ?? 'brouillon',
      createdAt: (existing?.createdAt as string | undefined) ?? now,
      updatedAt: now,
      lignes,
    };
    return { row };
  };

  return [
    http.all(base, ({ request }) => guard(request, false)),
    http.all(`${base}/*`, ({ request }) => guard(request, false)),
    http.get(base, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const statut = query.get('statut');
      if (statut !== null && !(statut in CONTRAT_TRANSITIONS))
        return fail(400, CONTRATS_MESSAGES.invalidStatut);
      query.delete('statut');
      const params = parseListQuery(query, ['reference'], {
        sortable: ['reference', 'dateDebut', 'dateFin'],
        exact: [resource.parentField],
      });
      if ('message' in params) return fail(400, params.message);
      const matching = resource.rows.filter((row) => statut === null || row.statut === statut).map(header);
      return json(200, listPage(matching, params, { defaultSort: { key: 'dateDebut', order: 'desc' } }));
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const { row, response } = find(params.id);
      return response ?? json(200, row);
    }),
    http.post(base, async ({ request }) => {
      const { row, response } = build(await readJson(request), resource.body, null);
      if (!row) return response;
      resource.rows.push(row);
      return json(201, {
        message: CONTRATS_MESSAGES.written(
          resource.noun,
          String(row.reference),
          CONTRATS_MESSAGES.writeVerb.create,
        ),
        data: row,
      });
    }),
    http.put(`${base}/:id`, async ({ params, request }) => {
      const found = find(params.id);
      if (!found.row) return found.response;
      if (found.row.statut === 'clos')
        return fail(409, CONTRATS_MESSAGES.closed(resource.noun, String(found.row.reference)));
      const { row, response } = build(await readJson(request), resource.updateBody, found.row);
      if (!row) return response;
      resource.rows.splice(resource.rows.indexOf(found.row), 1, row);
      return json(200, {
        message: CONTRATS_MESSAGES.written(
          resource.noun,
          String(row.reference),
          CONTRATS_MESSAGES.writeVerb.update,
        ),
        data: row,
      });
    }),
    http.put(`${base}/:id/statut`, async ({ params, request }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      const body = await readJson(request);
      const invalid = validationMessage(ContratStatutBody, body);
      if (invalid) return fail(400, invalid);
      const { statut } = body as { statut: ContratStatut };
      if (row.statut === statut)
        return fail(409, CONTRATS_MESSAGES.alreadyInStatut(String(row.reference), statut));
      const allowed = CONTRAT_TRANSITIONS[row.statut];
      if (!allowed.includes(statut))
        return fail(409, CONTRATS_MESSAGES.transition(String(row.reference), row.statut, statut, allowed));
      if (statut === 'actif' && row.lignes.length === 0)
        return fail(409, CONTRATS_MESSAGES.noLines(resource.noun, String(row.reference)));
      const verb = CONTRATS_MESSAGES.statutVerb(row.statut, statut);
      Object.assign(row, { statut, updatedAt: new Date().toISOString() });
      return json(200, {
        message: CONTRATS_MESSAGES.written(resource.noun, String(row.reference), verb),
        data: row,
      });
    }),
  ];
}

const contratsHandlers: RequestHandler[] = [
  ...contratHandlers({
    path: CONTRATS_PATHS.contratsEtablissement,
    rows: contrats.etablissement,
    body: ContratEtablissementBody,
    updateBody: ContratEtablissementUpdateBody,
    parentField: 'etablissementId',
    parentNameField: 'etablissementNom',
    parents: rows.etablissements,
    parentMissing: R.etablissement.missing,
    notFound: CONTRATS_MESSAGES.etablissementNotFound,
    noun: CONTRATS_MESSAGES.noun.etablissement,
  }),
  ...contratHandlers({
    path: CONTRATS_PATHS.contratsClients,
    rows: contrats.client,
    body: ContratClientBody,
    updateBody: ContratClientUpdateBody,
    parentField: 'clientId',
    parentNameField: 'clientNom',
    parents: rows.clients,
    parentMissing: R.client.missing,
    notFound: CONTRATS_MESSAGES.clientNotFound,
    noun: CONTRATS_MESSAGES.noun.client,
    defaults: { montantPafJour: '0.00', montantCafJour: '0.00' },
    lineHotels: true,
  }),
  http.all(api(REPAS_PATH), ({ request }) => guard(request, false)),
  http.get(api(REPAS_PATH), () => json(200, { data: seedRepas, total: seedRepas.length })),
];

/** Every reference-data, contract, meal and users handler, for `handlers`. */
export const referentielHandlers: RequestHandler[] = [
  ...resources.flatMap(resourceHandlers),
  ...contratsHandlers,
  ...usersHandlers,
  ...clesApiHandlers,
  ...foyersHandlers(rows.pensionnaires, rows.clients),
];
