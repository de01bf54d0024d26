import { http, HttpResponse, type RequestHandler } from 'msw';
import type { TSchema } from 'typebox';
import {
  RESERVATIONS_MESSAGES as M,
  ProlongationBody,
  ProlongationMultipleBody,
  EXPORT_PROGRESS_PATH,
  EXPORT_TOTAL_HEADER,
  RESERVATION_EXPORTS,
  RESERVATIONS_PATHS,
  ReservationExportBody,
  ReservationFilters,
  ReservationIntegraleListBody,
  ReservationListBody,
  type ProlongationMultipleError,
  type ReservationItem,
} from '../../contract';
import { api, fail, json, requireSession, validBody } from '../common/http';
import { extrasOf } from './detail-fixtures';
import { freshReservationsIntegrales, mockDay } from './list-fixtures';
import { mockReservations } from './store';
import { containsText } from '../../format/search';
import { residentNames } from '../common/list-handlers';

/**
 * The reservation list mocks (spec §7): lists, counters, full reservations, extensions and exports, in memory over
 * the stays of `store.ts`, which the detail and booking mocks share.
 */

/** The body of a signed-in call when it matches `schema`; else the 401 or 400 answer the API would give. */
async function readBody<T>(request: Request, schema: TSchema): Promise<T | Response> {
  return requireSession(request) ?? validBody<T>(request, schema);
}

/** A night dated before today and not cancelled (docs/domain.md « PAF / CAF à vérifier »). */
const nightDue = (row: ReservationItem) =>
  extrasOf(row).nuitees.some((night) => !night.annulee && night.date_nuit < mockDay(0));

/** Yesterday's arrival, not cancelled, its first night not pointed yet (docs/domain.md « jours = commence_h »). */
const arrivalToCheck = (row: ReservationItem) =>
  row.date_debut === mockDay(-1) &&
  row.statut !== 'annulee' &&
  extrasOf(row).nuitees.some(
    (night) => night.date_nuit === row.date_debut && !night.annulee && night.presence === 'non_pointe',
  );

/** Whether a stay meets the filters of spec §4 / §7, as the API applies them. */
export function matchesFilters(row: ReservationItem, filters: ReservationFilters): boolean {
  const statuts = filters.statut === undefined ? null : [filters.statut].flat();
  if (statuts && !statuts.includes(row.statut)) return false;
  if (filters.etat === 'prolongable' && !row.prolongable) return false;
  if (filters.jours === 'a_prolonger' && row.date_fin !== mockDay(0) && row.date_fin !== mockDay(1))
    return false;
  if (filters.jours === 'commence_h' && !arrivalToCheck(row)) return false;
  if (
    (filters.etat_payment_paf === 'a_verifier' || filters.etat_payment_caf === 'a_verifier') &&
    !nightDue(row)
  )
    return false;
  const equal: [unknown, unknown][] = [
    [filters.status_paf, row.status_paf],
    [filters.status_caf, row.status_caf],
    [filters.etat_payment_paf, row.etat_payment_paf],
    [filters.etat_payment_caf, row.etat_payment_caf],
    [filters.type_resa, row.type_resa],
    [filters.apec, row.apec],
    [filters.client_id, row.client_id],
    [filters.etablissement_id, row.etablissement_id],
    [filters.pensionnaire_id, row.pensionnaire_id],
    [filters.type_chambre_id, row.type_chambre_id],
    [filters.id_reservation_mere, row.id_reservation_mere],
  ];
  if (equal.some(([wanted, actual]) => wanted !== undefined && wanted !== actual)) return false;
  if (filters.start_date && row.date_fin <= filters.start_date) return false;
  if (filters.end_date && row.date_debut >= filters.end_date) return false;
  return (
    containsText(residentNames(row.pensionnaire_nom, row.pensionnaire_prenom), filters.pensionnaire) &&
    containsText(row.numero_dossier, filters.numero_dossier) &&
    containsText(row.client_nom, filters.client) &&
    containsText(row.etablissement_nom, filters.etablissement) &&
    containsText(row.chambre, filters.chambre)
  );
}

const SORT_FIELDS: Record<string, keyof ReservationItem> = {
  pensionnaire: 'pensionnaire_nom',
  client: 'client_nom',
  etablissement: 'etablissement_nom',
};

function sortRows<T extends object>(rows: T[], sort: string | undefined, order: 'asc' | 'desc' | undefined) {
  const key = (SORT_FIELDS[sort ?? ''] ?? sort ?? 'date_debut') as keyof T;
  const direction = (order ?? (sort ? 'asc' : 'desc')) === 'desc' ? -1 : 1;
  const compare = (a: unknown, b: unknown) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'fr');
  return [...rows].sort(
    (a, b) =>
      direction * (compare(a[key], b[key]) || compare((a as { id: number }).id, (b as { id: number }).id)),
  );
}

const page = <T>(rows: T[], body: { page: number; pageSize: number }) =>
  rows.slice((body.page - 1) * body.pageSize, body.page * body.pageSize);

/** Why a stay cannot be extended to `endDate`, or null (as the API's prolongation-service words it). */
function refusal(row: ReservationItem | undefined, endDate: string): string | null {
  if (!row) return M.notFound;
  if (!['en_attente', 'confirmee', 'en_cours'].includes(row.statut)) return M.notExtendable(row.id);
  if (row.prolongee_par_id !== null) return M.alreadyExtended(row.id, row.prolongee_par_id);
  if (row.date_fin < mockDay(0)) return M.ended(row.id, row.date_fin);
  if (endDate <= row.date_fin) return M.endNotAfter(row.date_fin);
  return null;
}

const nights = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Creates the extension of `row` up to `endDate` (status of the extended stay) and returns its id. */
function extend(row: ReservationItem, endDate: string): number {
  const id = Math.max(0, ...mockReservations.map((r) => r.id)) + 1;
  mockReservations.push({
    ...row,
    id,
    type_resa: 'prolongation',
    prolongation_de_id: row.id,
    prolongee_par_id: null,
    statut: 'confirmee',
    date_debut: row.date_fin,
    date_fin: endDate,
    nombre_nuits: nights(row.date_fin, endDate),
    prolongable: false,
    version: 1,
    created_at: new Date().toISOString(),
  });
  Object.assign(row, { prolongee_par_id: id, prolongable: false, version: row.version + 1 });
  return id;
}

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const exportHandlers = Object.values(RESERVATION_EXPORTS).map((exportFile) =>
  http.post(api(exportFile.path), async ({ request }) => {
    const body = await readBody<ReservationExportBody>(request, ReservationExportBody);
    if (body instanceof Response) return body;
    const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, ...filters } = body;
    const rows = mockReservations.filter((row) => matchesFilters(row, filters));
    const text = rows.map((row) => `${row.id};${row.pensionnaire_nom};${row.date_debut}`).join('\n');
    return new HttpResponse(
      new Blob([`${exportFile.label}\n${text}`], { type: CONTENT_TYPES[exportFile.extension] }),
      {
        headers: {
          'Content-Type': CONTENT_TYPES[exportFile.extension],
          [EXPORT_TOTAL_HEADER]: String(rows.length),
        },
      },
    );
  }),
);

// The mocks answer an export at once: by the time its progress is asked, it is over (as the API says then).
const exportProgressHandler = http.get(
  api(`${EXPORT_PROGRESS_PATH}/:id`),
  () => new HttpResponse(null, { status: 204 }),
);

export const reservationListHandlers: RequestHandler[] = [
  exportProgressHandler,
  http.post(api(RESERVATIONS_PATHS.list), async ({ request }) => {
    const body = await readBody<ReservationListBody>(request, ReservationListBody);
    if (body instanceof Response) return body;
    const { page: _page, pageSize: _pageSize, sort, order, ...filters } = body;
    const rows = sortRows(
      mockReservations.filter((row) => matchesFilters(row, filters)),
      sort,
      order,
    );
    return json(200, { reservations: page(rows, body), total: rows.length });
  }),
  http.post(api(RESERVATIONS_PATHS.count), async ({ request }) => {
    const body = await readBody<ReservationFilters>(request, ReservationFilters);
    if (body instanceof Response) return body;
    return json(200, { total: mockReservations.filter((row) => matchesFilters(row, body)).length });
  }),
  http.post(api(RESERVATIONS_PATHS.integrales), async ({ request }) => {
    const body = await readBody<ReservationIntegraleListBody>(request, ReservationIntegraleListBody);
    if (body instanceof Response) return body;
    const parents = freshReservationsIntegrales(mockReservations).filter((parent) => {
      const stays = mockReservations.filter((row) => row.id_reservation_mere === parent.id);
      return (
        (body.client_id === undefined || parent.client_id === body.client_id) &&
        (body.etablissement_id === undefined || parent.etablissement_id === body.etablissement_id) &&
        (body.statut === undefined || stays.some((row) => row.statut === body.statut)) &&
        (!body.start_date || parent.date_fin > body.start_date) &&
        (!body.end_date || parent.date_debut < body.end_date) &&
        containsText(parent.client_nom, body.client) &&
        containsText(parent.etablissement_nom, body.etablissement) &&
        (body.pensionnaire === undefined ||
          stays.some(
            (row) =>
              containsText(residentNames(row.pensionnaire_nom, row.pensionnaire_prenom), body.pensionnaire) ||
              containsText(row.numero_dossier, body.pensionnaire),
          ))
      );
    });
    const rows = sortRows(
      parents.map((parent) => ({
        ...parent,
        client: parent.client_nom,
        etablissement: parent.etablissement_nom,
      })),
      body.sort,
      body.order,
    ).map(({ client: _client, etablissement: _etablissement, ...parent }) => parent);
    return json(200, { reservations_integrales: page(rows, body), total: rows.length });
  }),
  http.post(api(RESERVATIONS_PATHS.prolongationMultiple), async ({ request }) => {
    const body = await readBody<ProlongationMultipleBody>(request, ProlongationMultipleBody);
    if (body instanceof Response) return body;
    const checks = body.reservation_ids.map((id) => {
      const row = mockReservations.find((r) => r.id === id);
      return { id, row, reason: refusal(row, body.end_date) };
    });
    const refused = checks.filter((check) => check.reason !== null);
    if (refused.length > 0 && !body.partiel) {
      const msg = M.multipleRefused(refused.length);
      const error: ProlongationMultipleError = {
        message: msg,
        msg,
        resultats: refused.map((check) => ({
          reservation_id: check.id,
          ok: false,
          prolongation_id: null,
          message: check.reason!,
        })),
      };
      return json(409, error);
    }
    const resultats = checks.map(({ id, row, reason }) => {
      if (reason !== null || !row)
        return { reservation_id: id, ok: false, prolongation_id: null, message: reason! };
      const prolongationId = extend(row, body.end_date);
      return {
        reservation_id: id,
        ok: true,
        prolongation_id: prolongationId,
        message: M.extendedUntil(body.end_date),
      };
    });
    const done = resultats.filter((r) => r.ok).length;
    return json(200, {
      message: M.multipleDone(done, resultats.length),
      resultats,
    });
  }),
  http.put(api(`${RESERVATIONS_PATHS.prolongation}/:id`), async ({ request, params }) => {
    const body = await readBody<ProlongationBody>(request, ProlongationBody);
    if (body instanceof Response) return body;
    const row = mockReservations.find((r) => r.id === Number(params.id));
    if (!row) return fail(404, M.notFound);
    // applyToAllPr: every resident's last running stay of the parent; those already ending later are left alone.
    const others = body.applyToAllPr
      ? mockReservations.filter(
          (r) =>
            r.id !== row.id &&
            r.id_reservation_mere === row.id_reservation_mere &&
            r.prolongee_par_id === null &&
            ['en_attente', 'confirmee', 'en_cours'].includes(r.statut) &&
            r.date_fin >= mockDay(0) &&
            r.date_fin < body.end_date,
        )
      : [];
    const reason = refusal(row, body.end_date);
    if (reason !== null) return fail(409, reason);
    const targets = [row, ...others];
    const ids = targets.map((target) => extend(target, body.end_date));
    return json(200, {
      id_reservation_mere: row.id_reservation_mere,
      reservation_ids: ids,
      message: M.extensionRecorded(body.end_date),
    });
  }),
  ...exportHandlers,
];
