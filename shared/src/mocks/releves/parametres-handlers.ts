import { http, type RequestHandler } from 'msw';
import {
  ClientFacturationBody,
  COMMON_MESSAGES,
  FACTURATION_MESSAGES,
  FACTURATION_PATHS,
  FacturationParametresBody,
  PARAMETRES_OBLIGATOIRES,
  type ClientFacturation,
} from '../../contract';
import { toAmount } from '../../format/money';
import { seedClients } from '../referentiel/fixtures';
import { api, claimsOf, fail, json, requireSession, validBody } from '../common/http';
import { parametresWithManquants, relevesStore } from './store';

/**
 * The seller settings and the clients' billing details (docs/api.md « Facturation »): everybody reads, only
 * administrators write (403), with the API's French 400s.
 */

const adminOnly = (request: Request) =>
  requireSession(request) ??
  (claimsOf(request)?.role === 'admin' ? undefined : fail(403, COMMON_MESSAGES.forbidden));

const parametres = () => parametresWithManquants(relevesStore.parametres, PARAMETRES_OBLIGATOIRES);

function clientBilling(clientId: number): ClientFacturation | undefined {
  const client = seedClients.find((candidate) => candidate.id === clientId);
  if (!client) return undefined;
  const own = relevesStore.clients.get(clientId) ?? {
    emailFacturation: null,
    numeroTva: null,
    adresseLigne1: null,
    adresseLigne2: null,
    codePostal: null,
    ville: null,
  };
  return {
    clientId,
    clientNom: client.nom,
    ...own,
    emailEffectif: own.emailFacturation ?? client.email ?? null,
  };
}

export const parametresHandlers: RequestHandler[] = [
  http.get(
    api(FACTURATION_PATHS.parametres),
    ({ request }) => requireSession(request) ?? json(200, parametres()),
  ),

  http.put(api(FACTURATION_PATHS.parametres), async ({ request }) => {
    const denied = adminOnly(request);
    if (denied) return denied;
    const body = await validBody<FacturationParametresBody>(request, FacturationParametresBody);
    if (body instanceof Response) return body;
    if (body.siren && body.siret && !body.siret.startsWith(body.siren))
      return fail(400, FACTURATION_MESSAGES.siretNotSiren, 'siret');
    relevesStore.parametres = {
      ...body,
      indemniteRecouvrement: toAmount(body.indemniteRecouvrement),
      tauxPenalites: body.tauxPenalites === null ? null : toAmount(body.tauxPenalites),
      manquants: [],
    };
    return json(200, { message: FACTURATION_MESSAGES.settingsSaved, data: parametres() });
  }),

  http.get(api(`${FACTURATION_PATHS.clients}/:clientId`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const billing = clientBilling(Number(params.clientId));
    return billing ? json(200, billing) : fail(404, FACTURATION_MESSAGES.clientUnknown);
  }),

  http.put(api(`${FACTURATION_PATHS.clients}/:clientId`), async ({ request, params }) => {
    const denied = adminOnly(request);
    if (denied) return denied;
    const clientId = Number(params.clientId);
    if (!clientBilling(clientId)) return fail(404, FACTURATION_MESSAGES.clientUnknown);
    const body = await validBody<ClientFacturationBody>(request, ClientFacturationBody);
    if (body instanceof Response) return body;
    const address = [body.adresseLigne1, body.codePostal, body.ville].filter((value) => value !== null);
    if (address.length !== 0 && address.length !== 3)
      return fail(400, FACTURATION_MESSAGES.billingAddressIncomplete, 'adresseLigne1');
    relevesStore.clients.set(clientId, body);
    const billing = clientBilling(clientId)!;
    return json(200, { message: FACTURATION_MESSAGES.clientBillingSaved(billing.clientNom), data: billing });
  }),
];
