import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  AcceptationBody,
  COMMON_MESSAGES,
  DETAIL_MAX_OCTETS,
  DetailBody,
  FactureEtablissementBody,
  FactureEtablissementQuery,
  RapprochementBody,
  RELEVES_MESSAGES,
  RELEVES_PATHS,
  ReleveQuery,
  type Ecart,
  type EtatFactureEtablissement,
  type ReleveResume,
} from '../../contract';
import { fromCents, toCents } from '../../format/money';
import { api, claimsOf, fail, json, requireSession, validBody, validationMessage } from '../common/http';
import { MOCK_RELEVE_ETABLISSEMENTS, mockReleve } from './fixtures';
import { detailOf, relevesStore, rowOf, type StoredFacture } from './store';

/**
 * The hotel statements and hotel invoices calls (docs/api.md « Hotel statements and reconciliation »), with the
 * API's 401, 403, 404, French 400s and 409s. The mock's reconciliation compares the invoice's totals with the
 * statement of its first month (the API compares night by night when a detail is loaded).
 */

const INTEGERS = new Set(['etablissementId', 'page', 'pageSize']);

function readQuery<T>(request: Request, schema: Parameters<typeof validationMessage>[0]): T | Response {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].map(([key, value]) => [
      key,
      INTEGERS.has(key) ? Number(value) : value,
    ]),
  );
  const invalid = validationMessage(schema, params);
  return invalid ? fail(400, invalid) : (params as T);
}

/** Whether the half-open period has a day in the month. */
const overlaps = (facture: StoredFacture, mois: string) =>
  facture.periodeDebut < `${mois}-32` && facture.periodeFin > `${mois}-01`;

const ORDER: EtatFactureEtablissement[] = ['ecart', 'a_rapprocher', 'rapprochee'];

function resumeOf(etablissementId: number, mois: string): ReleveResume | undefined {
  const releve = mockReleve(etablissementId, mois);
  if (!releve) return undefined;
  const factures = relevesStore.factures.filter(
    (facture) => facture.etablissementId === etablissementId && overlaps(facture, mois),
  );
  const etat = ORDER.find((candidate) => factures.some((facture) => facture.etat === candidate)) ?? null;
  return {
    etablissementId,
    etablissementNom: releve.etablissement.nom,
    ...releve.totaux,
    factures: factures.length,
    etatFactures: etat,
  };
}

const file = (name: string) =>
  new HttpResponse(new Blob([name.endsWith('.pdf') ? '%PDF-1.7 mock' : 'PK mock']), {
    headers: {
      'Content-Type': name.endsWith('.pdf')
        ? 'application/pdf'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

function found(id: string | readonly string[] | undefined): StoredFacture | Response {
  const number = Number(id);
  const facture = relevesStore.factures.find((candidate) => candidate.id === number);
  return facture ?? fail(404, RELEVES_MESSAGES.factureInconnue(number));
}

function written(facture: StoredFacture, message: string) {
  facture.version += 1;
  return json(200, { message, data: detailOf(facture) });
}

/** The document-level differences of an invoice's totals against the booked ones (the mock's comparison). */
function compare(facture: StoredFacture): Ecart[] {
  const releve = mockReleve(facture.etablissementId, facture.periodeDebut.slice(0, 7));
  const booked = releve?.totaux ?? { totalHt: '0.00', totalTva: '0.00', totalTtc: '0.00' };
  const pairs = [
    ['ecart_total_ht', facture.totalHt, booked.totalHt],
    ['ecart_total_tva', facture.totalTva, booked.totalTva],
    ['ecart_total_ttc', facture.totalTtc, booked.totalTtc],
  ] as const;
  return pairs
    .filter(([, billed, reserved]) => toCents(billed) !== toCents(reserved))
    .map(([type, billed, reserved]) => ({
      id: (relevesStore.nextId += 1),
      type,
      reservationId: null,
      pensionnaire: null,
      dateNuit: null,
      prestation: null,
      ligneDetail: null,
      autreFacture: null,
      montantFacture: billed,
      montantReserve: reserved,
      difference: fromCents(toCents(billed) - toCents(reserved)),
      tauxFacture: null,
      tauxReserve: null,
      accepte: false,
      motif: null,
      acceptePar: null,
      accepteLe: null,
    }));
}

const EXTENSIONS: Record<string, StoredFacture['sourceDetail']> = {
  xlsx: 'xlsx',
  csv: 'csv',
  pdf: 'facturx',
};

export const relevesHandlers: RequestHandler[] = [
  http.get(api(RELEVES_PATHS.releves), ({ request }) => {
    const query = requireSession(request) ?? readQuery<ReleveQuery>(request, ReleveQuery);
    if (query instanceof Response) return query;
    const rows = MOCK_RELEVE_ETABLISSEMENTS.filter(
      (etablissement) => query.etablissementId === undefined || etablissement.id === query.etablissementId,
    ).flatMap((etablissement) => resumeOf(etablissement.id, query.mois) ?? []);
    const start = (query.page - 1) * query.pageSize;
    return json(200, { data: rows.slice(start, start + query.pageSize), total: rows.length });
  }),

  ...(['relevePdf', 'releveXlsx'] as const).map((key) =>
    http.get(api(RELEVES_PATHS[key]), ({ request, params }) => {
      const denied = requireSession(request);
      if (denied) return denied;
      const id = Number(params.etablissementId);
      if (!mockReleve(id, String(params.mois))) return fail(404, RELEVES_MESSAGES.etablissementInconnu(id));
      return file(
        `releve-etablissement-${id}-${String(params.mois)}.${key === 'relevePdf' ? 'pdf' : 'xlsx'}`,
      );
    }),
  ),

  http.get(api(RELEVES_PATHS.releve), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const mois = String(params.mois);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(mois)) return fail(400, RELEVES_MESSAGES.mois);
    const id = Number(params.etablissementId);
    const releve = mockReleve(id, mois);
    return releve ? json(200, releve) : fail(404, RELEVES_MESSAGES.etablissementInconnu(id));
  }),

  http.get(api(RELEVES_PATHS.factures), ({ request }) => {
    const query =
      requireSession(request) ?? readQuery<FactureEtablissementQuery>(request, FactureEtablissementQuery);
    if (query instanceof Response) return query;
    const rows = relevesStore.factures
      .filter(
        (facture) =>
          (query.etablissementId === undefined || facture.etablissementId === query.etablissementId) &&
          (query.etat === undefined || facture.etat === query.etat) &&
          (query.numero === undefined || facture.numero.toLowerCase().includes(query.numero.toLowerCase())) &&
          (query.mois === undefined || overlaps(facture, query.mois)),
      )
      .sort((a, b) => b.dateFacture.localeCompare(a.dateFacture) || b.id - a.id)
      .map(rowOf);
    const start = (query.page - 1) * query.pageSize;
    return json(200, { data: rows.slice(start, start + query.pageSize), total: rows.length });
  }),

  http.post(api(RELEVES_PATHS.factures), async ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await validBody<FactureEtablissementBody>(request, FactureEtablissementBody);
    if (body instanceof Response) return body;
    const etablissement = MOCK_RELEVE_ETABLISSEMENTS.find(
      (candidate) => candidate.id === body.etablissementId,
    );
    if (!etablissement) return fail(400, RELEVES_MESSAGES.etablissementInconnu(body.etablissementId));
    if (toCents(body.totalHt) + toCents(body.totalTva) !== toCents(body.totalTtc))
      return fail(400, RELEVES_MESSAGES.ttc, 'totalTtc');
    if (body.periodeFin <= body.periodeDebut) return fail(400, RELEVES_MESSAGES.periode, 'periodeFin');
    const numero = body.numero.trim();
    if (
      relevesStore.factures.some(
        (facture) => facture.etablissementId === body.etablissementId && facture.numero === numero,
      )
    )
      return fail(409, RELEVES_MESSAGES.doublon(numero), 'numero');
    const facture: StoredFacture = {
      id: (relevesStore.nextId += 1),
      etablissementId: etablissement.id,
      etablissementNom: etablissement.nom,
      numero,
      dateFacture: body.dateFacture,
      periodeDebut: body.periodeDebut,
      periodeFin: body.periodeFin,
      totalHt: fromCents(toCents(body.totalHt)),
      totalTva: fromCents(toCents(body.totalTva)),
      totalTtc: fromCents(toCents(body.totalTtc)),
      etat: 'a_rapprocher',
      sourceDetail: null,
      nomFichier: null,
      lignesDetail: 0,
      nombreEcarts: 0,
      ecartsOuverts: 0,
      version: 1,
      rapprocheeLe: null,
      creeLe: new Date().toISOString(),
      ecarts: [],
    };
    relevesStore.factures.push(facture);
    return json(201, { message: RELEVES_MESSAGES.enregistree, data: detailOf(facture) });
  }),

  http.get(api(RELEVES_PATHS.facture), ({ request, params }) => {
    const facture = requireSession(request) ?? found(params.id);
    return facture instanceof Response ? facture : json(200, detailOf(facture));
  }),

  http.put(api(RELEVES_PATHS.detail), async ({ request, params }) => {
    const facture = requireSession(request) ?? found(params.id);
    if (facture instanceof Response) return facture;
    const body = await validBody<DetailBody>(request, DetailBody);
    if (body instanceof Response) return body;
    if (body.version !== facture.version) return fail(409, RELEVES_MESSAGES.version);
    const source = EXTENSIONS[body.nomFichier.split('.').at(-1)?.toLowerCase() ?? ''];
    if (!source) return fail(400, RELEVES_MESSAGES.extension);
    let text: string;
    try {
      text = atob(body.contenu);
    } catch {
      return fail(400, RELEVES_MESSAGES.base64);
    }
    if (text.length > DETAIL_MAX_OCTETS) return fail(400, RELEVES_MESSAGES.fichierTropGros);
    if (text.trim() === '') return fail(400, RELEVES_MESSAGES.fichierVide);
    if (source === 'facturx' && !text.startsWith('%PDF'))
      return fail(400, RELEVES_MESSAGES.fichierIllisible('PDF'));
    if (source === 'facturx') return fail(400, RELEVES_MESSAGES.pdfSansFacturx);
    const [header = '', ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    const normal = header
      .normalize('NFD')
      .replace(/[\u0300-\u036f\s]/g, '')
      .toLowerCase();
    if (source === 'csv' && !normal.includes('prixunitaireht'))
      return fail(400, RELEVES_MESSAGES.colonneManquante('prixUnitaireHt'));
    if (source === 'csv' && rows.length === 0) return fail(400, RELEVES_MESSAGES.aucuneLigne);
    Object.assign(facture, {
      sourceDetail: source,
      nomFichier: body.nomFichier,
      lignesDetail: source === 'csv' ? rows.length : 1,
      etat: 'a_rapprocher',
      rapprocheeLe: null,
      ecarts: [],
    });
    return written(facture, RELEVES_MESSAGES.detailCharge(facture.lignesDetail));
  }),

  http.post(api(RELEVES_PATHS.rapprochement), async ({ request, params }) => {
    const facture = requireSession(request) ?? found(params.id);
    if (facture instanceof Response) return facture;
    const body = await validBody<RapprochementBody>(request, RapprochementBody);
    if (body instanceof Response) return body;
    if (body.version !== facture.version) return fail(409, RELEVES_MESSAGES.version);
    if (facture.etat === 'rapprochee') return fail(409, RELEVES_MESSAGES.dejaRapprochee);
    facture.ecarts = compare(facture);
    facture.etat = facture.ecarts.length === 0 ? 'rapprochee' : 'ecart';
    facture.rapprocheeLe = facture.etat === 'rapprochee' ? new Date().toISOString() : null;
    return written(
      facture,
      facture.ecarts.length === 0
        ? RELEVES_MESSAGES.rapprochee
        : RELEVES_MESSAGES.ecarts(facture.ecarts.length),
    );
  }),

  http.post(api(RELEVES_PATHS.acceptation), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const claims = claimsOf(request);
    if (claims?.role !== 'admin') return fail(403, COMMON_MESSAGES.forbidden);
    const facture = found(params.id);
    if (facture instanceof Response) return facture;
    const body = await validBody<AcceptationBody>(request, AcceptationBody);
    if (body instanceof Response) return body;
    if (body.version !== facture.version) return fail(409, RELEVES_MESSAGES.version);
    if (facture.etat !== 'ecart') return fail(409, RELEVES_MESSAGES.pasEnEcart);
    const ids = body.ecartIds ?? facture.ecarts.filter((ecart) => !ecart.accepte).map((ecart) => ecart.id);
    for (const id of ids) {
      const ecart = facture.ecarts.find((candidate) => candidate.id === id);
      if (!ecart) return fail(400, RELEVES_MESSAGES.ecartInconnu(id));
      if (ecart.accepte) return fail(409, RELEVES_MESSAGES.ecartDejaAccepte(id));
    }
    const now = new Date().toISOString();
    for (const ecart of facture.ecarts)
      if (ids.includes(ecart.id))
        Object.assign(ecart, {
          accepte: true,
          motif: body.motif.trim(),
          acceptePar: typeof claims.name === 'string' ? claims.name : null,
          accepteLe: now,
        });
    if (facture.ecarts.every((ecart) => ecart.accepte)) {
      facture.etat = 'rapprochee';
      facture.rapprocheeLe = now;
    }
    return written(facture, RELEVES_MESSAGES.accepte(ids.length));
  }),

  ...(['ecartsPdf', 'ecartsXlsx'] as const).map((key) =>
    http.get(api(RELEVES_PATHS[key]), ({ request, params }) => {
      const facture = requireSession(request) ?? found(params.id);
      if (facture instanceof Response) return facture;
      return file(`ecarts-facture-${facture.id}.${key === 'ecartsPdf' ? 'pdf' : 'xlsx'}`);
    }),
  ),
];
