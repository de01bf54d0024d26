import { http, type RequestHandler } from 'msw';
import {
  COMMON_MESSAGES,
  parisToday,
  FOYER_MEMBRES_APERCU,
  FOYER_MESSAGES as M,
  FOYER_SORTS,
  FOYERS_PATHS,
  FoyerCreateBody,
  FoyerUpdateBody,
  RESERVATION_STATUT_LABELS,
  type DemandeItem,
  type FoyerDetail,
  type FoyerItem,
  type FoyerSejour,
} from '../../contract';
import { api, fail, json, readJson, requireSession, validationMessage } from '../common/http';
import { listPage, parseListQuery } from '../common/list-handlers';

/**
 * The households API in memory (api/src/modules/foyers): same paths, bodies, rules and French messages. Members are
 * the residents' `foyerId` in the reference-data mock, so the resident card and the household card agree.
 */

interface FoyerRow {
  id: number;
  clientId: number;
  nom: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** What the households mock reads of the reference-data mock's rows. */
type Row = Record<string, unknown> & { id: number; archivedAt: string | null };

const at = (day: string) => `${day}T09:00:00.000Z`;
const foyer = (
  id: number,
  clientId: number,
  nom: string,
  createdAt: string,
  notes: string | null = null,
) => ({
  id,
  clientId,
  nom,
  notes,
  createdAt: at(createdAt),
  updatedAt: at(createdAt),
  archivedAt: null,
});

/** Households of the seed residents (their `foyerId` in fixtures.ts). */
export const seedFoyers: FoyerRow[] = [
  foyer(1, 1, 'Famille Dupont-Benali', '2024-02-09', 'Couple hébergé ensemble depuis février 2024.'),
  foyer(2, 2, 'Famille Nguyen', '2024-02-20'),
  foyer(3, 3, 'Famille Diallo', '2024-03-15'),
  foyer(4, 4, 'Famille Petit', '2024-04-03'),
];

type Stay = Omit<FoyerSejour, 'statut_libelle' | 'actuel' | 'pensionnaire_nom' | 'pensionnaire_prenom'>;
const stay = (
  id: number,
  pensionnaire_id: number,
  statut: Stay['statut'],
  date_debut: string,
  date_fin: string,
  etablissement: [number, string] = [1, 'Hôtel du Parc'],
): Stay => ({
  id,
  id_reservation_mere: id,
  type_resa: 'initiale',
  statut,
  pensionnaire_id,
  etablissement_id: etablissement[0],
  etablissement_nom: etablissement[1],
  type_chambre_libelle: 'Double',
  date_debut,
  date_fin,
});

/** Stays of the members (a fixed calendar: « current » is read against today's date). */
const seedSejours: Stay[] = [
  stay(101, 1, 'en_cours', '2026-01-05', '2027-03-01'),
  stay(102, 2, 'en_cours', '2026-01-05', '2027-03-01'),
  stay(103, 1, 'terminee', '2025-06-02', '2025-09-30', [2, 'Résidence Les Tilleuls']),
  stay(104, 3, 'confirmee', '2026-02-10', '2027-05-10'),
  stay(105, 10, 'annulee', '2025-11-03', '2025-11-20'),
  stay(106, 5, 'terminee', '2025-03-01', '2025-04-15', [2, 'Résidence Les Tilleuls']),
];

const demande = (
  id: number,
  client: [number, string],
  statut: DemandeItem['statut'],
  created: string,
  period: [string, string],
  pensionnaires: DemandeItem['pensionnaires'],
): DemandeItem & { foyer_id: number } => ({
  id,
  type: 'nouvelle',
  statut,
  origine: 'saisie',
  urgente: false,
  client_id: client[0],
  client_nom: client[1],
  date_debut: period[0],
  date_fin: period[1],
  nombre_personnes: pensionnaires.length,
  pensionnaires,
  referent_nom: null,
  reference_externe: null,
  nombre_reservations: 0,
  created_at: at(created),
  age_jours: 0,
  foyer_id: 0,
});

/** Requests of the households (`foyer_id`) or naming a member. */
const seedDemandes: (DemandeItem & { foyer_id: number })[] = [
  {
    ...demande(
      31,
      [1, 'Conseil départemental du Val-de-Marne'],
      'traitee',
      '2025-12-20',
      ['2026-01-05', '2026-03-01'],
      [
        { id: 2, nom: 'Benali', prenom: 'Karim' },
        { id: 1, nom: 'Dupont', prenom: 'Marie' },
      ],
    ),
    foyer_id: 1,
    nombre_reservations: 2,
  },
  {
    ...demande(
      32,
      [2, 'Association Le Relais Solidaire'],
      'a_traiter',
      '2026-01-28',
      ['2026-02-10', '2026-05-10'],
      [{ id: 3, nom: 'Nguyen', prenom: 'Thi Lan' }],
    ),
    foyer_id: 2,
  },
];

const foyers: FoyerRow[] = seedFoyers.map((row) => ({ ...row }));

export function resetFoyersMocks(): void {
  foyers.splice(0, foyers.length, ...seedFoyers.map((row) => ({ ...row })));
}

const name = (row: Row) => `${String(row.prenom)} ${String(row.nom)}`;
const byName = (a: Row, b: Row) =>
  String(a.nom).localeCompare(String(b.nom), 'fr') ||
  String(a.prenom).localeCompare(String(b.prenom), 'fr') ||
  a.id - b.id;

function parseId(raw: unknown): number | null {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The households handlers over the reference-data mock's residents and clients. */
export function foyersHandlers(residents: Row[], clients: Row[]): RequestHandler[] {
  const base = api(FOYERS_PATHS.list);
  const membersOf = (id: number) => residents.filter((r) => r.foyerId === id).sort(byName);
  const activeMembersOf = (id: number) => membersOf(id).filter((r) => r.archivedAt === null);

  const itemOf = (row: FoyerRow): FoyerItem => {
    const members = activeMembersOf(row.id);
    return {
      ...row,
      clientNom: String(clients.find((c) => c.id === row.clientId)?.nom ?? ''),
      nombreMembres: members.length,
      membres: members
        .slice(0, FOYER_MEMBRES_APERCU)
        .map((m) => ({ id: m.id, nom: String(m.nom), prenom: String(m.prenom) })),
    };
  };

  const detailOf = (row: FoyerRow): FoyerDetail => {
    const members = membersOf(row.id);
    const ids = new Set(members.map((m) => m.id));
    const sejours = seedSejours
      .filter((s) => ids.has(s.pensionnaire_id))
      .map((s): FoyerSejour => {
        const member = members.find((m) => m.id === s.pensionnaire_id);
        return {
          ...s,
          pensionnaire_nom: String(member?.nom ?? ''),
          pensionnaire_prenom: String(member?.prenom ?? ''),
          statut_libelle: RESERVATION_STATUT_LABELS[s.statut],
          actuel: s.statut !== 'annulee' && s.statut !== 'terminee' && s.date_fin > parisToday(),
        };
      })
      .sort(
        (a, b) =>
          Number(b.actuel) - Number(a.actuel) ||
          (a.actuel ? a.date_debut.localeCompare(b.date_debut) : b.date_debut.localeCompare(a.date_debut)) ||
          a.id - b.id,
      );
    const demandes = seedDemandes
      .filter((d) => d.foyer_id === row.id || d.pensionnaires.some((p) => ids.has(p.id)))
      .map(({ foyer_id: _foyer, ...d }) => d)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    return {
      ...itemOf(row),
      membres: members.map((m) => ({
        id: m.id,
        nom: String(m.nom),
        prenom: String(m.prenom),
        numeroDossier: String(m.numeroDossier),
        dateNaissance: (m.dateNaissance as string | null) ?? null,
        sexe: m.sexe as FoyerDetail['membres'][number]['sexe'],
        archivedAt: m.archivedAt,
      })),
      sejours,
      demandes,
    };
  };

  const find = (raw: unknown) => {
    const id = parseId(raw);
    if (id === null) return { response: fail(400, COMMON_MESSAGES.invalidId) };
    const row = foyers.find((f) => f.id === id);
    return row ? { row } : { response: fail(404, M.notFound) };
  };
  const findOpen = (raw: unknown) => {
    const found = find(raw);
    if (found.row && found.row.archivedAt !== null) return { response: fail(409, M.archived(found.row.nom)) };
    return found;
  };
  const findResident = (raw: unknown) => {
    const id = parseId(raw);
    if (id === null) return { response: fail(400, COMMON_MESSAGES.invalidParam('pensionnaireId')) };
    const resident = residents.find((r) => r.id === id);
    return resident ? { resident } : { response: fail(404, M.pensionnaireNotFound) };
  };
  const now = () => new Date().toISOString();
  const written = (message: string, row: FoyerRow) => json(200, { message, data: itemOf(row) });

  return [
    http.all(base, ({ request }) => requireSession(request)),
    http.all(`${base}/*`, ({ request }) => requireSession(request)),
    http.get(base, ({ request }) => {
      const params = parseListQuery(new URL(request.url).searchParams, ['recherche', 'nom', 'membre'], {
        exact: ['clientId'],
        sortable: FOYER_SORTS,
      });
      if ('message' in params) return fail(400, params.message);
      // Searchable text and sort values beside each item, as the API's subqueries compute them.
      const rows = foyers.map((row) => {
        const item = itemOf(row);
        const names = membersOf(row.id)
          .map((m) => `${String(m.prenom)} ${String(m.nom)} ${String(m.prenom)}`)
          .join(' | ');
        return { ...item, membre: names, recherche: `${row.nom} | ${names}`, client: item.clientNom };
      });
      const page = listPage(rows, params, { defaultSort: { key: 'nom', order: 'asc' } });
      return json(200, {
        total: page.total,
        data: page.data.map(({ membre: _m, recherche: _r, client: _c, ...item }) => item),
      });
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const { row, response } = find(params.id);
      return response ?? json(200, detailOf(row));
    }),
    http.post(base, async ({ request }) => {
      const body = await readJson(request);
      const invalid = validationMessage(FoyerCreateBody, body);
      if (invalid) return fail(400, invalid);
      const values = body as FoyerCreateBody;
      if (!clients.some((c) => c.id === values.clientId && c.archivedAt === null))
        return fail(400, M.clientUnknown);
      const row: FoyerRow = {
        id: Math.max(0, ...foyers.map((f) => f.id)) + 1,
        clientId: values.clientId,
        nom: values.nom.trim(),
        notes: values.notes?.trim() || null,
        createdAt: now(),
        updatedAt: now(),
        archivedAt: null,
      };
      foyers.push(row);
      return json(201, { message: M.created(row.nom), data: itemOf(row) });
    }),
    http.put(`${base}/:id`, async ({ params, request }) => {
      const { row, response } = findOpen(params.id);
      if (!row) return response;
      const body = await readJson(request);
      const invalid = validationMessage(FoyerUpdateBody, body);
      if (invalid) return fail(400, invalid);
      const values = body as FoyerUpdateBody;
      Object.assign(row, {
        nom: values.nom.trim(),
        ...(values.notes === undefined ? {} : { notes: values.notes?.trim() || null }),
        updatedAt: now(),
      });
      return written(M.updated(row.nom), row);
    }),
    http.put(`${base}/:id/${FOYERS_PATHS.membres}/:pensionnaireId`, ({ params }) => {
      const { row, response } = findOpen(params.id);
      if (!row) return response;
      const { resident, response: missing } = findResident(params.pensionnaireId);
      if (!resident) return missing;
      if (resident.clientId !== row.clientId) return fail(400, M.otherClient);
      if (resident.archivedAt !== null) return fail(409, M.pensionnaireArchived(name(resident)));
      if (resident.foyerId === row.id) return fail(409, M.alreadyMember(name(resident), row.nom));
      const previous = foyers.find((f) => f.id === resident.foyerId);
      Object.assign(resident, { foyerId: row.id, updatedAt: now() });
      return written(M.added(name(resident), row.nom, previous?.nom ?? null), row);
    }),
    http.delete(`${base}/:id/${FOYERS_PATHS.membres}/:pensionnaireId`, ({ params }) => {
      const { row, response } = findOpen(params.id);
      if (!row) return response;
      const { resident, response: missing } = findResident(params.pensionnaireId);
      if (!resident) return missing;
      if (resident.foyerId !== row.id) return fail(404, M.notMember(name(resident), row.nom));
      Object.assign(resident, { foyerId: null, updatedAt: now() });
      return written(M.removed(name(resident), row.nom), row);
    }),
  ];
}
