import { http, type RequestHandler } from 'msw';
import {
  CLE_API_MESSAGES,
  COMMON_MESSAGES,
  CleApiCreateBody,
  clesApiPath,
  type CleApi,
} from '../../contract';
import { api, claimsOf, fail, json, readJson, validationMessage } from '../common/http';

/** The mocks' client API keys (administrators only, as the API): one active key and one revoked for client 1. */
const seed = (): CleApi[] => [
  {
    id: 1,
    client_id: 1,
    libelle: 'Logiciel SI-SIAO',
    prefixe: 'eb3_k7Qd',
    created_at: '2026-09-01T08:00:00.000Z',
    created_by: 'Admin Démo',
    derniere_utilisation: '2026-11-20T10:12:00.000Z',
    revoquee_at: null,
  },
  {
    id: 2,
    client_id: 1,
    libelle: 'Ancien connecteur',
    prefixe: 'eb3_Zt2m',
    created_at: '2026-03-02T08:00:00.000Z',
    created_by: 'Admin Démo',
    derniere_utilisation: null,
    revoquee_at: '2026-08-31T16:00:00.000Z',
  },
];
const cles: CleApi[] = seed();

export function resetClesApiMocks(): void {
  cles.splice(0, cles.length, ...seed());
}

function guard(request: Request) {
  const claims = claimsOf(request);
  if (!claims) return fail(401, COMMON_MESSAGES.unauthorized);
  if (claims.role !== 'admin') return fail(403, COMMON_MESSAGES.forbidden);
  return undefined;
}

export const clesApiHandlers: RequestHandler[] = [
  http.get(api(clesApiPath(':id')), ({ request, params }) => {
    const denied = guard(request);
    if (denied) return denied;
    return json(200, { cles: cles.filter((c) => c.client_id === Number(params.id)) });
  }),
  http.post(api(clesApiPath(':id')), async ({ request, params }) => {
    const denied = guard(request);
    if (denied) return denied;
    const body = await readJson(request);
    const invalid = validationMessage(CleApiCreateBody, body);
    if (invalid) return fail(400, invalid);
    const cle = `eb3_${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 26)}`;
    const row: CleApi = {
      id: Math.max(0, ...cles.map((c) => c.id)) + 1,
      client_id: Number(params.id),
      libelle: (body as CleApiCreateBody).libelle.trim(),
      prefixe: cle.slice(0, 8),
      created_at: new Date().toISOString(),
      created_by: 'Admin Démo',
      derniere_utilisation: null,
      revoquee_at: null,
    };
    cles.push(row);
    return json(201, { message: CLE_API_MESSAGES.created, data: row, cle });
  }),
  http.put(api(`${clesApiPath(':id')}/:cle_id/revocation`), ({ request, params }) => {
    const denied = guard(request);
    if (denied) return denied;
    const row = cles.find((c) => c.id === Number(params.cle_id) && c.client_id === Number(params.id));
    if (!row) return fail(404, CLE_API_MESSAGES.notFound);
    if (row.revoquee_at) return fail(409, CLE_API_MESSAGES.revoked);
    row.revoquee_at = new Date().toISOString();
    return json(200, { message: CLE_API_MESSAGES.revokedDone, data: row });
  }),
];
