import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  AvoirBody,
  COMMON_MESSAGES,
  FACTURATION_MESSAGES as M,
  FACTURATION_PATHS as PATHS,
  FACTURE_STATUT_LABELS,
  FACTURE_SORTS,
  FACTURE_STATUTS,
  FactureDraftBody,
  FactureDraftUpdateBody,
  PaiementAnnulationBody,
  PaiementBody,
  PreparationBody,
  type FactureDetail,
  type FactureItem,
} from '../../contract';
import { fromCents, toCents } from '../../format/money';
import { api, claimsOf, fail, json, readJson, requireSession, validationMessage } from '../common/http';
import { seedClients } from '../referentiel/fixtures';
import { startMockPreparation } from './preparation-task';
import { addDays, parisToday } from '../../contract/days';
import {
  addMockDraft,
  buildMockFacture,
  itemOf,
  mockFacturation,
  refreshMockFacture,
  seedLinesOf,
} from './store';

/**
 * The invoicing calls (docs/api.md « Facturation ») over the mock world of `store.ts`, with the API's rules the
 * screens show: administrators only for issue, credit notes, cancelling a payment and preparing a month; 409 on a
 * draft's nights already taken, on an issue with seller settings missing, on an overpayment, on sending without a
 * billing e-mail.
 */

const facturePath = `${PATHS.factures}/:id`;
const isAdmin = (request: Request) => claimsOf(request)?.role === 'admin';
const forbidden = () => fail(403, COMMON_MESSAGES.forbidden);
const find = (id: unknown) => mockFacturation.factures.find((f) => f.id === Number(id));
const read = (facture: FactureDetail) => refreshMockFacture(facture);
const written = (status: number, message: string, facture: FactureDetail) =>
  json(status, { message, data: read(facture) });

/** The session's 401, the 404 of an unknown invoice, else the invoice. */
export function target(request: Request, id: unknown): FactureDetail | Response {
  const denied = requireSession(request);
  if (denied) return denied;
  return find(id) ?? fail(404, M.notFound);
}

/** The body checked against its schema (the API's 400 message), else the body. */
async function bodyOf<T>(
  request: Request,
  schema: Parameters<typeof validationMessage>[0],
): Promise<T | Response> {
  const body = await readJson(request);
  const invalid = validationMessage(schema, body);
  return invalid ? fail(400, invalid) : (body as T);
}

function compare(a: FactureItem, b: FactureItem, sort: string): number {
  const key = sort === 'client' ? 'clientNom' : (sort as keyof FactureItem);
  const left = a[key] ?? '';
  const right = b[key] ?? '';
  if (key === 'totalTtc') return toCents(String(left)) - toCents(String(right));
  return String(left).localeCompare(String(right), 'fr');
}

function list(request: Request): Response {
  const denied = requireSession(request);
  if (denied) return denied;
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 20);
  const sort = query.get('sort');
  if (sort !== null && !(FACTURE_SORTS as readonly string[]).includes(sort))
    return fail(400, COMMON_MESSAGES.invalidParam('sort'));
  const statut = query.get('statut');
  if (statut !== null && !(FACTURE_STATUTS as readonly string[]).includes(statut))
    return fail(400, COMMON_MESSAGES.invalidParam('statut'));
  const type = query.get('type');
  const clientId = query.get('clientId');
  const numero = query.get('numero')?.toUpperCase();
  const debut = query.get('periodeDebut');
  const fin = query.get('periodeFin');
  const enRetard = query.get('enRetard') === 'true';
  let rows = mockFacturation.factures
    .map((f) => itemOf(read(f)))
    .filter(
      (f) =>
        (!type || f.type === type) &&
        (!statut || f.statut === statut) &&
        (!clientId || f.clientId === Number(clientId)) &&
        (!numero || (f.numero ?? '').includes(numero)) &&
        (!debut || f.periodeFin >= debut) &&
        (!fin || f.periodeDebut <= fin) &&
        (!enRetard || f.enRetard),
    );
  rows = sort
    ? rows.sort((a, b) => compare(a, b, sort) * (query.get('order') === 'desc' ? -1 : 1))
    : rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return json(200, { data: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length });
}

/** A one-page PDF naming the document (a stand-in: the API's is the Factur-X rendered at issue), its xref computed. */
function mockPdf(numero: string): string {
  const text = `BT /F1 18 Tf 72 760 Td (${numero} - maquette) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

export const facturationHandlers: RequestHandler[] = [
  http.get(api(PATHS.factures), ({ request }) => list(request)),

  http.get(api(facturePath), ({ request, params }) => {
    const facture = target(request, params.id);
    return facture instanceof Response ? facture : json(200, read(facture));
  }),

  ...(['pdf', 'xml'] as const).map((kind) =>
    http.get(api(`${facturePath}/${kind}`), ({ request, params }) => {
      const facture = target(request, params.id);
      if (facture instanceof Response) return facture;
      if (!facture.numero) return fail(409, M.notIssued);
      return new HttpResponse(kind === 'pdf' ? mockPdf(facture.numero) : '<rsm:CrossIndustryInvoice/>', {
        headers: {
          'Content-Type': kind === 'pdf' ? 'application/pdf' : 'application/xml',
          'Content-Disposition': `${kind === 'pdf' ? 'inline' : 'attachment'}; filename="${facture.numero}.${kind}"`,
        },
      });
    }),
  ),

  // GET /facturation/clients/:clientId: the settings' mocks serve it with what « Paramètres de facturation » saved
  // (releves/parametres-handlers.ts).

  http.post(api(PATHS.factures), async ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await bodyOf<FactureDraftBody>(request, FactureDraftBody);
    if (body instanceof Response) return body;
    const client = seedClients.find((c) => c.id === body.clientId);
    if (!client) return fail(404, M.clientUnknown);
    const mois = body.mois ?? (body.periodeDebut ?? parisToday()).slice(0, 7);
    const draft = addMockDraft(client.id, mois, 8);
    if (!draft) return fail(409, M.noNights(client.nom));
    return written(201, M.draftCreated(client.nom), draft);
  }),

  http.post(api(PATHS.preparation), async ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    if (!isAdmin(request)) return forbidden();
    const body = await bodyOf<PreparationBody>(request, PreparationBody);
    if (body instanceof Response) return body;
    const claims = claimsOf(request)!;
    const task = startMockPreparation(body.mois, { id: Number(claims.sub), nom: String(claims.name ?? '') });
    return json(202, { message: M.monthQueued(body.mois, task.id), task_id: task.id });
  }),

  http.put(api(facturePath), async ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    const body = await bodyOf<FactureDraftUpdateBody>(request, FactureDraftUpdateBody);
    if (body instanceof Response) return body;
    if (facture.statut !== 'brouillon') return fail(409, M.notDraft(facture.numero ?? ''));
    Object.assign(facture, {
      dateEcheance: body.dateEcheance,
      referenceAcheteur: body.referenceAcheteur ?? null,
      notes: body.notes ?? null,
    });
    return written(200, M.draftUpdated, facture);
  }),

  http.delete(api(facturePath), ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    if (facture.statut !== 'brouillon') return fail(409, M.notDraft(facture.numero ?? ''));
    mockFacturation.factures = mockFacturation.factures.filter((f) => f !== facture);
    return json(200, { message: M.draftDeleted });
  }),

  http.post(api(`${facturePath}/recalcul`), ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    if (facture.statut !== 'brouillon') return fail(409, M.notDraft(facture.numero ?? ''));
    return written(200, M.draftRecomputed, facture);
  }),

  http.post(api(`${facturePath}/emission`), ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    if (!isAdmin(request)) return forbidden();
    if (facture.statut !== 'brouillon') return fail(409, M.notDraft(facture.numero ?? ''));
    if (mockFacturation.parametresManquants.length > 0)
      return fail(409, M.settingsMissing(mockFacturation.parametresManquants));
    const year = parisToday().slice(0, 4);
    const count = mockFacturation.factures.filter((f) => f.numero?.startsWith(`FA-${year}`)).length;
    const issued = buildMockFacture({
      id: facture.id,
      statut: 'emise',
      numero: `FA-${year}-${String(count + 1).padStart(6, '0')}`,
      clientId: facture.clientId,
      mois: facture.periodeDebut.slice(0, 7),
      lignes: seedLinesOf(facture.lignes),
      dateEmission: parisToday(),
      dateEcheance: facture.dateEcheance ?? addDays(parisToday(), 30),
    });
    Object.assign(facture, issued, { createdAt: facture.createdAt });
    return written(200, M.issued(facture.numero!), facture);
  }),

  http.post(api(`${facturePath}/avoirs`), async ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    if (!isAdmin(request)) return forbidden();
    const body = await bodyOf<AvoirBody>(request, AvoirBody);
    if (body instanceof Response) return body;
    if (facture.type !== 'facture') return fail(409, M.notInvoice);
    if (!facture.numero) return fail(409, M.notIssued);
    for (const numero of body.lignes ?? [])
      if (!facture.lignes.some((l) => l.numero === numero)) return fail(400, M.creditUnknownLine(numero));
    const chosen = body.lignes ?? [];
    const lignes = facture.lignes.filter((l) => chosen.length === 0 || chosen.includes(l.numero));
    // A line stands for its nights (here: the nights at the price of a chosen room line).
    const prices = new Set(lignes.filter((l) => l.nature === 'nuitee').map((l) => l.prixUnitaireHt));
    const open = facture.nuitees.filter(
      (n) => n.avoirId === null && (chosen.length === 0 || prices.has(n.montantHt)),
    );
    if (open.length === 0) return fail(409, M.nothingToCredit(facture.numero));
    const year = parisToday().slice(0, 4);
    const count = mockFacturation.factures.filter((f) => f.numero?.startsWith(`AV-${year}`)).length;
    const avoir = buildMockFacture({
      id: mockFacturation.nextId++,
      type: 'avoir',
      statut: 'emise',
      numero: `AV-${year}-${String(count + 1).padStart(6, '0')}`,
      clientId: facture.clientId,
      mois: facture.periodeDebut.slice(0, 7),
      lignes: seedLinesOf(lignes),
      dateEmission: parisToday(),
      factureOrigineId: facture.id,
      motif: body.motif,
    });
    mockFacturation.factures.push(avoir);
    for (const night of open) night.avoirId = avoir.id;
    read(facture);
    return written(201, M.creditIssued(avoir.numero!, facture.numero), avoir);
  }),

  http.post(api(`${facturePath}/paiements`), async ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    const body = await bodyOf<PaiementBody>(request, PaiementBody);
    if (body instanceof Response) return body;
    if (!facture.numero) return fail(409, M.notIssued);
    read(facture);
    if (toCents(body.montant) <= 0) return fail(400, M.paymentAmountInvalid);
    if (toCents(body.montant) > toCents(facture.resteAPayer))
      return fail(409, M.overpayment(facture.resteAPayer));
    const id = Math.max(0, ...mockFacturation.factures.flatMap((f) => f.paiements.map((p) => p.id))) + 1;
    facture.paiements.push({
      id,
      factureId: facture.id,
      datePaiement: body.datePaiement,
      montant: fromCents(toCents(body.montant)),
      moyen: body.moyen,
      reference: body.reference ?? null,
      createdAt: new Date().toISOString(),
      annuleAt: null,
      motifAnnulation: null,
    });
    return written(201, M.paymentRecorded(fromCents(toCents(body.montant))), facture);
  }),

  http.post(api(`${PATHS.paiements}/:id/annulation`), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    if (!isAdmin(request)) return forbidden();
    const body = await bodyOf<PaiementAnnulationBody>(request, PaiementAnnulationBody);
    if (body instanceof Response) return body;
    const facture = mockFacturation.factures.find((f) => f.paiements.some((p) => p.id === Number(params.id)));
    const paiement = facture?.paiements.find((p) => p.id === Number(params.id));
    if (!facture || !paiement) return fail(404, M.paiementNotFound);
    if (paiement.annuleAt) return fail(409, M.paymentAlreadyCancelled);
    Object.assign(paiement, { annuleAt: new Date().toISOString(), motifAnnulation: body.motif });
    return written(200, M.paymentCancelled, facture);
  }),

  http.post(api(`${facturePath}/envoi`), ({ request, params }) => {
    const facture = target(request, params.id);
    if (facture instanceof Response) return facture;
    if (!facture.numero) return fail(409, M.notIssued);
    const client = seedClients.find((c) => c.id === facture.clientId)!;
    if (!client.email) return fail(409, M.noBillingEmail(client.nom));
    facture.envoyeeAt = new Date().toISOString();
    if (facture.statut === 'emise') {
      facture.statut = 'envoyee';
      facture.statutLibelle = FACTURE_STATUT_LABELS.envoyee;
    }
    return json(200, {
      message: M.sent(facture.numero, client.email),
      envoi: 'conserve',
      courrielId: facture.id,
      data: read(facture),
    });
  }),
];
