import { http, HttpResponse, type RequestHandler } from 'msw';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { decodeToken, type DecodedToken } from '../auth/decode-token';
import {
  ClientBody,
  CONTRAT_STATUT_LABELS,
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
  REFERENTIEL_PATHS,
  TypeChambreBody,
  USERS_PATH,
  CreateUserBody,
  PasswordBody,
  ROLE_LABELS,
  RoleBody,
  type CurrentUser,
} from '../contract';
import { listHandler, listPage, parseListQuery } from './list-handlers';
import { MOCK_API } from './mock-api';
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
} from './referentiel-fixtures';

/**
 * The reference-data API in memory (api/src/modules/referentiel, api/src/modules/users): same paths, bodies checked
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

const MESSAGES = {
  unauthorized: 'Vous devez être connecté pour accéder à cette ressource.',
  forbidden: "Vous n'êtes pas autorisé à accéder à cette ressource.",
  invalidBody: 'Le corps de la requête est invalide.',
  invalidId: 'Le paramètre id est invalide.',
};

const json = (status: number, body: unknown) => HttpResponse.json(body as never, { status });
const fail = (status: number, message: string) => json(status, { message });

const clone = <T>(rows: readonly T[]): T[] => rows.map((row) => ({ ...row }));

const rows = {
  groupesEtablissements: clone(seedGroupesEtablissements) as unknown as Row[],
  etablissements: clone(seedEtablissements) as unknown as Row[],
  typesChambre: clone(seedTypesChambre) as unknown as Row[],
  groupesClients: clone(seedGroupesClients) as unknown as Row[],
  clients: clone(seedClients) as unknown as Row[],
  pensionnaires: clone(seedPensionnaires) as unknown as Row[],
};

/** Contracts with their lines (deep copies: the lines are arrays too). */
type ContratRow = Record<string, unknown> & { id: number; statut: ContratStatut; lignes: Row[] };
const cloneContrats = (seeds: readonly object[]): ContratRow[] =>
  seeds.map((seed) => structuredClone(seed) as ContratRow);
const contrats = {
  etablissement: cloneContrats(seedContratsEtablissement),
  client: cloneContrats(seedContratsClients),
};
const users: CurrentUser[] = clone(seedUsers);

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
}

function claimsOf(request: Request): DecodedToken | null {
  const header = request.headers.get('Authorization');
  if (!header?.startsWith('Bearer ')) return null;
  try {
    return decodeToken(header.slice('Bearer '.length));
  } catch {
    return null;
  }
}

/** 401 without a readable token; 403 for a write (or any `adminOnly` call) by a non-administrator. */
function guard(request: Request, adminOnly: boolean) {
  const claims = claimsOf(request);
  if (!claims) return fail(401, MESSAGES.unauthorized);
  if ((adminOnly || request.method !== 'GET') && claims.role !== 'admin')
    return fail(403, MESSAGES.forbidden);
  return undefined;
}

const field = (path: string) => path.split('/').filter(Boolean).join('.');

/** The first schema error as the API words it (api/src/plugins/errors.ts `validationMessage`). */
function validationMessage(schema: TSchema, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return MESSAGES.invalidBody;
  const errors = Value.Errors(schema, body).filter((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf');
  const [error] = errors;
  if (!error) return null;
  const params = error.params as Record<string, unknown>;
  const name = field(error.instancePath);
  switch (error.keyword) {
    case 'additionalProperties':
      return `Le champ « ${String((params.additionalProperties as string[])[0])} » n'est pas autorisé.`;
    case 'required':
      return `Le champ ${String((params.requiredProperties as string[])[0])} est obligatoire.`;
    case 'minLength':
      return params.limit === 1
        ? `Le champ ${name} est obligatoire.`
        : `Le champ ${name} doit contenir au moins ${String(params.limit)} caractères.`;
    case 'maxLength':
      return `Le champ ${name} doit contenir au plus ${String(params.limit)} caractères.`;
    case 'minimum':
      return `Le champ ${name} doit être supérieur ou égal à ${String(params.limit)}.`;
    case 'maximum':
      return `Le champ ${name} doit être inférieur ou égal à ${String(params.limit)}.`;
    default:
      return name ? `Le champ ${name} est invalide.` : MESSAGES.invalidBody;
  }
}

const lower = (value: unknown) => String(value ?? '').toLocaleLowerCase('fr');
const active = (row: Row) => row.archivedAt === null;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
}

function resourceHandlers(resource: ResourceMock): RequestHandler[] {
  const base = `${MOCK_API}${resource.path}`;
  const say = (row: Row, verb: string) => `${capitalise(resource.describe(row))} ${verb}.`;

  const find = (raw: unknown) => {
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
    if (id === null) return { response: fail(400, MESSAGES.invalidId) };
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

  const readBody = (request: Request): Promise<unknown> => request.json().catch(() => null);

  const now = () => new Date().toISOString();

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
      const body = await readBody(request);
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
      return json(201, { message: say(row, 'a été créé'), data: row });
    }),
    http.put(`${base}/:id`, async ({ params, request }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (!active(row)) return fail(409, say(row, "est archivé : restaurez-le d'abord"));
      const body = await readBody(request);
      const refused = refuse(body, row.id);
      if (refused) return refused;
      Object.assign(row, body, { updatedAt: now() });
      return json(200, { message: say(row, 'a été modifié'), data: row });
    }),
    http.put(`${base}/:id/archive`, ({ params }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (!active(row)) return fail(409, say(row, 'est déjà archivé'));
      for (const reference of resource.references ?? []) {
        if (reference.rows.some((other) => active(other) && other[reference.field] === row.id))
          return fail(409, reference.message);
      }
      Object.assign(row, { archivedAt: now(), updatedAt: now() });
      return json(200, { message: say(row, 'a été archivé'), data: row });
    }),
    http.put(`${base}/:id/restore`, ({ params }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      if (active(row)) return fail(409, say(row, "n'est pas archivé"));
      if (duplicateOf(row, row.id)) return fail(409, resource.duplicate);
      Object.assign(row, { archivedAt: null, updatedAt: now() });
      return json(200, { message: say(row, 'a été restauré'), data: row });
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
    describe: (row) => `le groupe d'établissements « ${String(row.nom)} »`,
    notFound: "Groupe d'établissements introuvable.",
    duplicate: "Un groupe d'établissements porte déjà ce nom.",
    uniqueKey: byName,
    references: [
      {
        rows: rows.etablissements,
        field: 'groupeId',
        message:
          'Ce groupe contient encore des établissements actifs : archivez-les ou changez-les de groupe.',
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.etablissements,
    rows: rows.etablissements,
    body: EtablissementBody,
    searchable: ['nom', 'ville', 'codePostal'],
    defaultSort: 'nom',
    describe: (row) => `l'établissement « ${String(row.nom)} »`,
    notFound: 'Établissement introuvable.',
    duplicate: 'Un établissement porte déjà ce nom dans cette ville.',
    uniqueKey: (row) => `${lower(row.nom)}\n${lower(row.ville)}`,
    parents: [
      {
        field: 'groupeId',
        rows: rows.groupesEtablissements,
        message: "Le groupe d'établissements indiqué n'existe pas ou est archivé.",
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.typesChambre,
    rows: rows.typesChambre,
    body: TypeChambreBody,
    searchable: ['libelle', 'capacite'],
    defaultSort: 'libelle',
    describe: (row) => `le type de chambre « ${String(row.libelle)} »`,
    notFound: 'Type de chambre introuvable.',
    duplicate: 'Un type de chambre porte déjà ce libellé.',
    uniqueKey: (row) => lower(row.libelle),
  },
  {
    path: REFERENTIEL_PATHS.groupesClients,
    rows: rows.groupesClients,
    body: GroupeBody,
    searchable: ['nom'],
    defaultSort: 'nom',
    describe: (row) => `le groupe de clients « ${String(row.nom)} »`,
    notFound: 'Groupe de clients introuvable.',
    duplicate: 'Un groupe de clients porte déjà ce nom.',
    uniqueKey: byName,
    references: [
      {
        rows: rows.clients,
        field: 'groupeId',
        message: 'Ce groupe contient encore des clients actifs : archivez-les ou changez-les de groupe.',
      },
    ],
  },
  {
    path: REFERENTIEL_PATHS.clients,
    rows: rows.clients,
    body: ClientBody,
    searchable: ['nom', 'ville', 'type'],
    defaultSort: 'nom',
    describe: (row) => `le client « ${String(row.nom)} »`,
    notFound: 'Client introuvable.',
    duplicate: 'Un client porte déjà ce nom.',
    uniqueKey: byName,
    parents: [
      {
        field: 'groupeId',
        rows: rows.groupesClients,
        message: "Le groupe de clients indiqué n'existe pas ou est archivé.",
      },
    ],
    references: [
      {
        rows: rows.pensionnaires,
        field: 'clientId',
        message: 'Ce client a encore des pensionnaires actifs : archivez-les d’abord.',
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
    describe: (row) => `le pensionnaire ${String(row.prenom)} ${String(row.nom)}`,
    notFound: 'Pensionnaire introuvable.',
    duplicate: 'Ce numéro de dossier est déjà utilisé par un pensionnaire de ce client.',
    uniqueKey: (row) => `${String(row.clientId)}\n${String(row.numeroDossier)}`,
    // Not a partial index in the database: an archived resident keeps their file number.
    uniqueIncludesArchived: true,
    parents: [
      { field: 'clientId', rows: rows.clients, message: "Le client indiqué n'existe pas ou est archivé." },
    ],
  },
];

const USERS_MAX_PAGE_SIZE = 100;

/** api/src/modules/users/service.ts `USERS_MESSAGES`. */
const USERS_MOCK_MESSAGES = {
  notFound: 'Utilisateur introuvable.',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
};

const usersHandlers: RequestHandler[] = [
  http.all(`${MOCK_API}${USERS_PATH}`, ({ request }) => guard(request, true)),
  http.all(`${MOCK_API}${USERS_PATH}/*`, ({ request }) => guard(request, true)),
  http.get(`${MOCK_API}${USERS_PATH}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? '1');
    const pageSize = Number(query.get('pageSize') ?? '20');
    if (!Number.isInteger(page) || page < 1)
      return fail(400, 'Le paramètre page doit être supérieur ou égal à 1.');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > USERS_MAX_PAGE_SIZE)
      return fail(400, `Le paramètre pageSize doit être inférieur ou égal à ${USERS_MAX_PAGE_SIZE}.`);
    const sorted = [...users].sort(
      (a, b) => a.nom.localeCompare(b.nom, 'fr') || a.prenom.localeCompare(b.prenom, 'fr') || a.id - b.id,
    );
    const start = (page - 1) * pageSize;
    return json(200, { users: sorted.slice(start, start + pageSize), total: users.length });
  }),
  http.put(`${MOCK_API}${USERS_PATH}/:id/activation`, async ({ params, request }) => {
    const body = (await request.json().catch(() => null)) as { active?: unknown } | null;
    if (typeof body?.active !== 'boolean') return fail(400, 'Le champ active est obligatoire.');
    const id = Number(params.id);
    if (claimsOf(request)?.sub === String(id) && !body.active)
      return fail(400, 'Vous ne pouvez pas désactiver votre propre compte.');
    const user = users.find((candidate) => candidate.id === id);
    if (!user) return fail(404, 'Utilisateur introuvable.');
    const fullName = `${user.prenom} ${user.nom}`;
    if (user.active === body.active)
      return json(200, {
        message: `Le compte de ${fullName} est déjà ${body.active ? 'actif' : 'désactivé'}.`,
      });
    user.active = body.active;
    return json(200, { message: `Le compte de ${fullName} a été ${body.active ? 'activé' : 'désactivé'}.` });
  }),
  http.post(`${MOCK_API}${USERS_PATH}`, async ({ request }) => {
    const body = (await request.json().catch(() => null)) as CreateUserBody | null;
    const invalid = validationMessage(CreateUserBody, body);
    if (invalid || !body) return fail(400, invalid ?? MESSAGES.invalidBody);
    const nom = body.nom.trim();
    const prenom = body.prenom.trim();
    if (nom === '') return fail(400, 'Le champ nom est obligatoire.');
    if (prenom === '') return fail(400, 'Le champ prenom est obligatoire.');
    const email = body.email.trim().toLowerCase();
    if (users.some((candidate) => candidate.email === email))
      return fail(409, USERS_MOCK_MESSAGES.emailTaken);
    const user: CurrentUser = {
      id: Math.max(0, ...users.map((candidate) => candidate.id)) + 1,
      email,
      nom,
      prenom,
      role: body.role,
      active: true,
    };
    users.push(user);
    return json(201, {
      message: `Le compte de ${prenom} ${nom} (${ROLE_LABELS[user.role].toLowerCase()}) a été créé.`,
      data: user,
    });
  }),
  http.put(`${MOCK_API}${USERS_PATH}/:id/role`, async ({ params, request }) => {
    const body = (await request.json().catch(() => null)) as RoleBody | null;
    const invalid = validationMessage(RoleBody, body);
    if (invalid || !body) return fail(400, invalid ?? MESSAGES.invalidBody);
    const id = Number(params.id);
    if (claimsOf(request)?.sub === String(id)) return fail(400, USERS_MOCK_MESSAGES.ownRole);
    const user = users.find((candidate) => candidate.id === id);
    if (!user) return fail(404, USERS_MOCK_MESSAGES.notFound);
    const fullName = `${user.prenom} ${user.nom}`;
    const label = ROLE_LABELS[body.role].toLowerCase();
    if (user.role === body.role) return json(200, { message: `${fullName} a déjà le rôle ${label}.` });
    user.role = body.role;
    return json(200, { message: `${fullName} a maintenant le rôle ${label}.` });
  }),
  http.put(`${MOCK_API}${USERS_PATH}/:id/password`, async ({ params, request }) => {
    const body = (await request.json().catch(() => null)) as PasswordBody | null;
    const invalid = validationMessage(PasswordBody, body);
    if (invalid) return fail(400, invalid);
    const user = users.find((candidate) => candidate.id === Number(params.id));
    if (!user) return fail(404, USERS_MOCK_MESSAGES.notFound);
    return json(200, { message: `Le mot de passe de ${user.prenom} ${user.nom} a été réinitialisé.` });
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
/** '52' → '52.00', as the database answers numeric(12,2). */
const money = (value: unknown) => (value === undefined || value === null ? '0.00' : Number(value).toFixed(2));

function contratHandlers(resource: ContratMock): RequestHandler[] {
  const base = `${MOCK_API}${resource.path}`;
  const find = (raw: unknown) => {
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
    if (id === null) return { response: fail(400, MESSAGES.invalidId) };
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
  const build = (body: unknown, schema: TSchema, existing: ContratRow | null) => {
    const invalid = validationMessage(schema, body);
    if (invalid) return { response: fail(400, invalid) };
    const values = body as Record<string, unknown> & { lignes: Record<string, unknown>[]; reference: string };
    const parent = resource.parents.find((row) => row.id === values[resource.parentField] && active(row));
    if (!parent) return { response: fail(400, resource.parentMissing) };
    if (
      resource.rows.some((row) => row.id !== existing?.id && lower(row.reference) === lower(values.reference))
    )
      return { response: fail(409, `Un ${resource.noun} porte déjà la référence « ${values.reference} ».`) };
    let lineId = nextLineId();
    const lignes: Row[] = [];
    for (const line of values.lignes) {
      const type = rows.typesChambre.find((row) => row.id === line.typeChambreId);
      if (!type) return { response: fail(400, "Le type de chambre indiqué n'existe pas ou est archivé.") };
      const hotelId = (line.etablissementId as number | null | undefined) ?? null;
      const hotel = hotelId === null ? null : rows.etablissements.find((row) => row.id === hotelId);
      if (hotelId !== null && !hotel)
        return { response: fail(400, "L'établissement indiqué n'existe pas ou est archivé.") };
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
        return fail(400, 'Le paramètre statut est invalide.');
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
      const { row, response } = build(await request.json().catch(() => null), resource.body, null);
      if (!row) return response;
      resource.rows.push(row);
      return json(201, { message: `Le contrat « ${String(row.reference)} » a été créé.`, data: row });
    }),
    http.put(`${base}/:id`, async ({ params, request }) => {
      const found = find(params.id);
      if (!found.row) return found.response;
      if (found.row.statut === 'clos')
        return fail(
          409,
          `Le contrat « ${String(found.row.reference)} » est clos : il ne peut plus être modifié.`,
        );
      const { row, response } = build(await request.json().catch(() => null), resource.updateBody, found.row);
      if (!row) return response;
      resource.rows.splice(resource.rows.indexOf(found.row), 1, row);
      return json(200, { message: `Le contrat « ${String(row.reference)} » a été modifié.`, data: row });
    }),
    http.put(`${base}/:id/statut`, async ({ params, request }) => {
      const { row, response } = find(params.id);
      if (!row) return response;
      const body = await request.json().catch(() => null);
      const invalid = validationMessage(ContratStatutBody, body);
      if (invalid) return fail(400, invalid);
      const { statut } = body as { statut: ContratStatut };
      const allowed = CONTRAT_TRANSITIONS[row.statut];
      if (!allowed.includes(statut)) {
        const possible = allowed.length
          ? `transitions possibles : ${allowed.map((next) => `« ${next} »`).join(', ')}`
          : 'aucune transition possible';
        return fail(
          409,
          `Transition impossible : le contrat « ${String(row.reference)} » est « ${row.statut} » et ne peut pas passer à « ${statut} » (${possible}).`,
        );
      }
      if (statut === 'actif' && row.lignes.length === 0)
        return fail(
          409,
          `Le contrat « ${String(row.reference)} » n'a aucune ligne de tarif : il ne peut pas être activé.`,
        );
      Object.assign(row, { statut, updatedAt: new Date().toISOString() });
      return json(200, {
        message: `Le contrat « ${String(row.reference)} » est désormais « ${CONTRAT_STATUT_LABELS[statut].toLocaleLowerCase('fr')} ».`,
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
    parentMissing: "L'établissement indiqué n'existe pas ou est archivé.",
    notFound: 'Contrat établissement introuvable.',
    noun: 'contrat établissement',
  }),
  ...contratHandlers({
    path: CONTRATS_PATHS.contratsClients,
    rows: contrats.client,
    body: ContratClientBody,
    updateBody: ContratClientUpdateBody,
    parentField: 'clientId',
    parentNameField: 'clientNom',
    parents: rows.clients,
    parentMissing: "Le client indiqué n'existe pas ou est archivé.",
    notFound: 'Contrat client introuvable.',
    noun: 'contrat client',
    defaults: { montantPafJour: '0.00', montantCafJour: '0.00' },
    lineHotels: true,
  }),
  http.all(`${MOCK_API}${REPAS_PATH}`, ({ request }) => guard(request, false)),
  http.get(`${MOCK_API}${REPAS_PATH}`, () => json(200, { data: seedRepas, total: seedRepas.length })),
];

/** Every reference-data, contract, meal and users handler, for `handlers`. */
export const referentielHandlers: RequestHandler[] = [
  ...resources.flatMap(resourceHandlers),
  ...contratsHandlers,
  ...usersHandlers,
];
