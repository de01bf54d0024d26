import dayjs from 'dayjs';
import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  COMMON_MESSAGES,
  COURRIEL_MESSAGES,
  FILTER_MESSAGES,
  REFERENTIEL_MESSAGES,
  ROOMING_MESSAGES,
  NON_TRANSMIS_SANS_SMTP,
  ROOMING_EXPORTS,
  ROOMING_PATHS,
  RoomingFilters,
  SendRoomingBody,
  type Nuitee,
  type ReservationItem,
  type RoomingRow,
} from '../../contract';
import { exportFileName } from '../../format/dates';
import { fromCents, toCents } from '../../format/money';
import { api, claimsOf, fail, json, requireSession, validationMessage, validBody } from '../common/http';
import { MOCK_EXPEDITEUR } from '../demandes/fixtures';
import { storedEtablissement } from '../referentiel/handlers';
import { extrasOf } from '../reservations/detail-fixtures';
import { mockReservations } from '../reservations/store';
import { containsText } from '../../format/search';
import { residentNames } from '../common/list-handlers';

/**
 * The rooming calls in memory over the reservation mocks' stays: the three lists with their totals (sums over the
 * period's non-cancelled nights, VAT 10 % as the mocks' tariff), the twelve exports (a small file named as the API
 * names it) and the rooming list sent to a hotel.
 */

type Side = 'achat' | 'vente';

/** The file names the API gives (Content-Disposition), by the last word of the export's path. */
const EXPORT_FILES: Record<string, string> = {
  RoomingEtab: 'rooming-etablissement',
  RoomingClient: 'rooming-client',
  RoomingPens: 'rooming-pensionnaires',
  PointagePres: 'pointage-presence',
  PointagePaf: 'pointage-paf',
  PointageCaf: 'pointage-caf',
};
/** « juin 2026 », as the API names the month of a rooming list sent (rooming/send/send-service.ts). */
const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function lineOf(night: Nuitee, side: Side): number {
  const room = toCents(side === 'achat' ? night.prix_achat_ht : night.prix_vente_ht);
  return (
    room +
    night.petit_dejeuner * toCents(night.prix_petit_dejeuner_ht) +
    night.dejeuner * toCents(night.prix_dejeuner_ht) +
    night.diner * toCents(night.prix_diner_ht)
  );
}

function matches(row: ReservationItem, f: RoomingFilters): boolean {
  const statuts = f.statut === undefined ? null : [f.statut].flat();
  if (statuts && !statuts.includes(row.statut)) return false;
  const equal: [unknown, unknown][] = [
    [f.client_id, row.client_id],
    [f.etablissement_id, row.etablissement_id],
    [f.pensionnaire_id, row.pensionnaire_id],
    [f.type_chambre_id, row.type_chambre_id],
    [f.id_reservation_mere, row.id_reservation_mere],
    [f.type_resa, row.type_resa],
    [f.status_paf, row.status_paf],
    [f.status_caf, row.status_caf],
  ];
  if (equal.some(([wanted, actual]) => wanted !== undefined && wanted !== actual)) return false;
  return (
    containsText(residentNames(row.pensionnaire_nom, row.pensionnaire_prenom), f.pensionnaire) &&
    containsText(row.numero_dossier, f.numero_dossier) &&
    containsText(row.client_nom, f.client) &&
    containsText(row.etablissement_nom, f.etablissement) &&
    containsText(row.chambre ?? '', f.chambre)
  );
}

interface Counted {
  row: RoomingRow;
  nights: Nuitee[];
}

function rowsOf(f: RoomingFilters, side: Side): Counted[] {
  const counted: Counted[] = [];
  for (const stay of mockReservations) {
    if (!matches(stay, f)) continue;
    const nights = extrasOf(stay).nuitees.filter(
      (night) => !night.annulee && night.date_nuit >= f.start_date && night.date_nuit < f.end_date,
    );
    if (nights.length === 0) continue;
    const present = nights.filter((night) => night.presence === 'present');
    const sum = (list: Nuitee[], pick: (night: Nuitee) => number) => list.reduce((s, n) => s + pick(n), 0);
    counted.push({
      nights,
      row: {
        id: stay.id,
        id_reservation_mere: stay.id_reservation_mere,
        type_resa: stay.type_resa,
        statut: stay.statut,
        pensionnaire_id: stay.pensionnaire_id,
        pensionnaire_nom: stay.pensionnaire_nom,
        pensionnaire_prenom: stay.pensionnaire_prenom,
        numero_dossier: stay.numero_dossier,
        client_id: stay.client_id,
        client_nom: stay.client_nom,
        etablissement_id: stay.etablissement_id,
        etablissement_nom: stay.etablissement_nom,
        etablissement_ville: stay.etablissement_ville,
        type_chambre_id: stay.type_chambre_id,
        type_chambre_libelle: stay.type_chambre_libelle,
        chambre: stay.chambre,
        date_debut: stay.date_debut,
        date_fin: stay.date_fin,
        debut_periode: nights[0]!.date_nuit,
        fin_periode: dayjs(nights.at(-1)!.date_nuit).add(1, 'day').format('YYYY-MM-DD'),
        nuitees: nights.length,
        nuitees_presentes: present.length,
        nuitees_absentes: nights.filter((night) => night.presence === 'absent').length,
        petit_dejeuner: sum(nights, (n) => n.petit_dejeuner),
        dejeuner: sum(nights, (n) => n.dejeuner),
        diner: sum(nights, (n) => n.diner),
        prix_ht: fromCents(sum(nights, (n) => lineOf(n, side))),
        prix_htr: fromCents(sum(present, (n) => lineOf(n, side))),
        status_paf: stay.status_paf,
        status_caf: stay.status_caf,
        etat_payment_paf: stay.etat_payment_paf,
        etat_payment_caf: stay.etat_payment_caf,
        montant_paf: fromCents(sum(nights, (n) => toCents(n.montant_paf))),
        montant_caf: fromCents(sum(nights, (n) => toCents(n.montant_caf))),
        version: stay.version,
      },
    });
  }
  return counted.sort(
    (a, b) =>
      a.row.etablissement_nom.localeCompare(b.row.etablissement_nom, 'fr') ||
      a.row.pensionnaire_nom.localeCompare(b.row.pensionnaire_nom, 'fr') ||
      a.row.id - b.row.id,
  );
}

/** The query string of a rooming GET, as the API validates it; a Response when it is refused. */
function queryOf(request: Request): { page: number; pageSize: number; filters: RoomingFilters } | Response {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  let filters: unknown;
  try {
    filters = JSON.parse(url.searchParams.get('filters') ?? '');
  } catch {
    return fail(400, ROOMING_MESSAGES.json);
  }
  const invalid = validationMessage(RoomingFilters, filters);
  if (invalid) return fail(400, invalid);
  const f = filters as RoomingFilters;
  if (f.end_date <= f.start_date) return fail(400, FILTER_MESSAGES.period);
  return { page, pageSize, filters: f };
}

function totalsOf(counted: Counted[], side: Side) {
  const nights = counted.flatMap((c) => c.nights);
  const present = nights.filter((n) => n.presence === 'present');
  const ht = nights.reduce((s, n) => s + lineOf(n, side), 0);
  const htr = present.reduce((s, n) => s + lineOf(n, side), 0);
  return {
    total: counted.length,
    total_nuitees: nights.length,
    total_pensionnaires: new Set(counted.map((c) => c.row.pensionnaire_id)).size,
    total_prix_ht: fromCents(ht),
    tva: fromCents(Math.round(ht * 0.1)),
    ttc: fromCents(ht + Math.round(ht * 0.1)),
    ht_reel: htr,
    ttc_reel: fromCents(htr + Math.round(htr * 0.1)),
    nights,
  };
}

function streamTotals(counted: Counted[], flux: 'paf' | 'caf') {
  const nights = counted
    .filter((c) => (flux === 'paf' ? c.row.status_paf : c.row.status_caf))
    .flatMap((c) => c.nights);
  const of = (etat: string) => {
    const list = nights.filter((n) => (flux === 'paf' ? n.etat_paf : n.etat_caf) === etat);
    return [
      list.length,
      fromCents(list.reduce((s, n) => s + toCents(flux === 'paf' ? n.montant_paf : n.montant_caf), 0)),
    ] as const;
  };
  const [p, mp] = of('paye');
  const [n, mn] = of('non_paye');
  const [v, mv] = of('a_verifier');
  return {
    [`total_${flux}_p`]: p,
    [`total_montant_${flux}_p`]: mp,
    [`total_${flux}_n`]: n,
    [`total_montant_${flux}_n`]: mn,
    [`total_${flux}_v`]: v,
    [`total_montant_${flux}_v`]: mv,
  };
}

const page = (counted: Counted[], q: { page: number; pageSize: number }) =>
  counted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((c) => c.row);

export const roomingHandlers: RequestHandler[] = [
  http.get(api(ROOMING_PATHS.etab), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const q = queryOf(request);
    if (q instanceof Response) return q;
    const counted = rowsOf(q.filters, 'achat');
    const t = totalsOf(counted, 'achat');
    return json(200, {
      reservations: page(counted, q),
      total: t.total,
      total_nuitees: t.total_nuitees,
      total_pensionnaires: t.total_pensionnaires,
      total_prix_ht: t.total_prix_ht,
      tva: t.tva,
      ttc: t.ttc,
      total_prix_htr: fromCents(t.ht_reel),
      total_prix_ttcr: t.ttc_reel,
    });
  }),
  http.get(api(ROOMING_PATHS.client), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const q = queryOf(request);
    if (q instanceof Response) return q;
    const counted = rowsOf(q.filters, 'vente');
    const t = totalsOf(counted, 'vente');
    return json(200, {
      reservations: page(counted, q),
      total: t.total,
      total_nuitees: t.total_nuitees,
      total_pensionnaires: t.total_pensionnaires,
      total_prix_ht: t.total_prix_ht,
      tva: t.tva,
      ttc: t.ttc,
      ...streamTotals(counted, 'paf'),
      ...streamTotals(counted, 'caf'),
      total_petit_dej: t.nights.reduce((s, n) => s + n.petit_dejeuner, 0),
      total_dej: t.nights.reduce((s, n) => s + n.dejeuner, 0),
      total_dinner: t.nights.reduce((s, n) => s + n.diner, 0),
      total_prix_ttcr: t.ttc_reel,
    });
  }),
  http.get(api(ROOMING_PATHS.pens), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const q = queryOf(request);
    if (q instanceof Response) return q;
    const counted = rowsOf(q.filters, 'vente');
    return json(200, { reservations: page(counted, q), total: counted.length });
  }),
  ...Object.values(ROOMING_EXPORTS).map((file) =>
    http.post(api(file.path), async ({ request }) => {
      const denied = requireSession(request);
      if (denied) return denied;
      await request.json().catch(() => null);
      const name = exportFileName(EXPORT_FILES[file.path.split('_').at(-1)!] ?? 'export', file.extension);
      return new HttpResponse(new Blob([file.extension === 'pdf' ? '%PDF-1.4 mock' : 'PK mock']), {
        headers: {
          'Content-Type':
            file.extension === 'pdf'
              ? 'application/pdf'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${name}"`,
        },
      });
    }),
  ),
  http.post(api(`${ROOMING_PATHS.sendPdfRooming}/:etablissement_id/:mois`), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await validBody<SendRoomingBody>(request, SendRoomingBody);
    if (body instanceof Response) return body;
    const mois = String(params.mois);
    if (!/^(19|20)\d{2}-(0[1-9]|1[0-2])$/.test(mois)) return fail(400, COMMON_MESSAGES.invalidParam('mois'));
    const hotel = storedEtablissement(Number(params.etablissement_id));
    if (!hotel) return fail(404, REFERENTIEL_MESSAGES.etablissement.notFound);
    const destinataires = body.destinataires ?? (hotel.email ? [hotel.email] : []);
    if (destinataires.length === 0) return fail(400, COURRIEL_MESSAGES.hotelWithoutAddress);
    const [address, ...others] = body.enregistrer_adresse === true ? destinataires : [];
    if (body.enregistrer_adresse === true && claimsOf(request)?.role !== 'admin')
      return fail(403, COURRIEL_MESSAGES.saveForbidden);
    if (body.enregistrer_adresse === true && (!body.destinataires || others.length > 0))
      return fail(400, COURRIEL_MESSAGES.saveOne);
    if (address !== undefined) hotel.email = address;
    const now = new Date().toISOString();
    const label = MONTH.format(new Date(`${mois}-01T00:00:00Z`));
    const objet = `Rooming list ${hotel.nom} (${hotel.ville}) — ${label}`;
    // As the API without an SMTP server: kept in the outbox, not transmitted, and said so.
    return json(201, {
      message:
        address === undefined
          ? COURRIEL_MESSAGES.kept(objet)
          : `${COURRIEL_MESSAGES.kept(objet)} ${COURRIEL_MESSAGES.saved(address)}`,
      envoi: 'conserve',
      data: {
        id: 1,
        statut: 'non_transmis',
        transport: 'boite_locale',
        expediteur: MOCK_EXPEDITEUR,
        destinataires,
        objet,
        tentatives: 1,
        derniere_erreur: NON_TRANSMIS_SANS_SMTP,
        envoye_at: null,
        communication_id: null,
        pieces_jointes: [{ index: 0, nom: `rooming-${hotel.id}-${mois}.pdf`, taille: 2048 }],
        confidentiel: false,
        created_at: now,
      },
    });
  }),
];
