import { http, type RequestHandler } from 'msw';
import {
  COMMON_MESSAGES,
  CONTRATS_MESSAGES as C,
  REFERENTIEL_MESSAGES,
  RESERVATIONS_MESSAGES as M,
  parisToday,
  compareNoms,
  CONTRATS_SPEC_PATHS,
  ContratClientAvailableBody,
  ContratEtablissementAvailableBody,
  departementDe,
  departementsProches,
  MAX_CONTRATS_FILTER,
  MAX_PENSIONNAIRES_SEARCH,
  PENSIONNAIRES_SEARCH_ERROR,
  RESERVATIONS_PATHS,
  ReservationAddBody,
  type ContratClientDetail,
  type ContratClientResume,
  type ContratEtablissementDetail,
  type ContratEtablissementResume,
  type DisponibiliteEtablissement,
  type PensionnaireTrouve,
  type TypeChambreData,
} from '../../contract';
import {
  allContratsClients,
  allContratsEtablissement,
  chambresOccupees,
  PERIODE_HEBERGES,
  pensionnairesHeberges,
} from './booking-fixtures';
import { isApiDate } from '../../format/dates';
import { containsText, searchText } from '../../format/search';
import { api, fail, json, readJson, requireSession, validationMessage } from '../common/http';
import {
  seedClients,
  seedEtablissements,
  seedPensionnaires,
  seedTypesChambre,
} from '../referentiel/fixtures';
import { addMockParent } from './list-fixtures';
import { mockReservations } from './store';

/**
 * The spec's contract calls (§7 Contracts) and POST /reservations/add in memory, as docs/api.md describes them:
 * same bodies (checked against the contract's TypeBox schemas), same French messages, same rules on periods,
 * coverage, allotments and residents already lodged. Read-only over booking-fixtures.ts: a booking only takes new
 * ids, so tests never leak into one another.
 */

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const nightsBetween = (start: string, end: string) => dayNumber(end) - dayNumber(start);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);
const positiveId = (raw: unknown) =>
  typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

const activeClient = (id: number) => seedClients.find((row) => row.id === id && row.archivedAt === null);
const activeHotel = (id: number) =>
  seedEtablissements.find((row) => row.id === id && row.archivedAt === null);
/** The départements around a city, from the postcodes the reference data gives it (contrats/spec-service.ts). */
function mockDepartementsProches(ville: string): string[] {
  const places = [...seedEtablissements, ...seedClients];
  const exact = places.filter((place) => searchText(place.ville) === searchText(ville.trim()));
  const found = exact.length > 0 ? exact : places.filter((place) => containsText(place.ville, ville));
  return departementsProches(found.map((place) => departementDe(place.codePostal)));
}

const covers = (contrat: { dateDebut: string; dateFin: string }, start: string, end: string) =>
  contrat.dateDebut <= start && contrat.dateFin >= end;

function clientResume(row: ContratClientDetail): ContratClientResume {
  return {
    id: row.id,
    reference: row.reference,
    client_id: row.clientId,
    client_nom: row.clientNom,
    date_debut: row.dateDebut,
    date_fin: row.dateFin,
    statut: row.statut,
    mode_tarification: row.modeTarification,
    taux_tva_nuitee: row.tauxTvaNuitee,
    taux_tva_repas: row.tauxTvaRepas,
    delai_alerte_jours: row.delaiAlerteJours,
    montant_paf_jour: row.montantPafJour,
    montant_caf_jour: row.montantCafJour,
  };
}

function etablissementResume(row: ContratEtablissementDetail): ContratEtablissementResume {
  return {
    id: row.id,
    reference: row.reference,
    etablissement_id: row.etablissementId,
    etablissement_nom: row.etablissementNom,
    date_debut: row.dateDebut,
    date_fin: row.dateFin,
    statut: row.statut,
    mode_tarification: row.modeTarification,
    taux_tva_nuitee: row.tauxTvaNuitee,
    taux_tva_repas: row.tauxTvaRepas,
    delai_alerte_jours: row.delaiAlerteJours,
  };
}

/** Free rooms of a tariff line (null = no allotment, unlimited). */
const freeRooms = (line: { id: number; allotement: number | null }) =>
  line.allotement === null ? null : line.allotement - (chambresOccupees[line.id] ?? 0);
const fewest = (values: (number | null)[]) => {
  const limited = values.filter((value): value is number => value !== null);
  return limited.length ? Math.min(...limited) : null;
};

/** The room types of a purchase contract, their tariff lines cut to [start, end) (every line without a period). */
function roomTypesOf(contrat: ContratEtablissementDetail, start?: string, end?: string): TypeChambreData[] {
  const typeIds = [...new Set(contrat.lignes.map((line) => line.typeChambreId))];
  return seedTypesChambre
    .filter((type) => typeIds.includes(type.id) && type.archivedAt === null)
    .map((type) => {
      const lines = contrat.lignes
        .filter((line) => line.typeChambreId === type.id)
        .filter(
          (line) =>
            start === undefined || end === undefined || (line.dateDebut < end && line.dateFin > start),
        )
        .sort((a, b) => a.dateDebut.localeCompare(b.dateDebut));
      const tarifs = lines.map((line) => {
        const from = start === undefined ? line.dateDebut : maxDay(line.dateDebut, start);
        const to = end === undefined ? line.dateFin : minDay(line.dateFin, end);
        return {
          tarif_id: line.id,
          date_debut: from,
          date_fin: to,
          nombre_nuits: nightsBetween(from, to),
          prix_nuitee_ht: line.prixNuiteeHt,
          prix_petit_dejeuner_ht: line.prixPetitDejeunerHt,
          prix_dejeuner_ht: line.prixDejeunerHt,
          prix_diner_ht: line.prixDinerHt,
          allotement: line.allotement,
          chambres_libres: freeRooms(line),
        };
      });
      const priced = tarifs.reduce((sum, tarif) => sum + tarif.nombre_nuits, 0);
      const couvre = start === undefined || end === undefined || priced === nightsBetween(start, end);
      return { id: type.id, libelle: type.libelle, capacite: type.capacite, couvre_periode: couvre, tarifs };
    });
}

function contratsFilter(
  rows: readonly { statut: string; reference: string }[],
  query: URLSearchParams,
  ownerKey: 'client_id' | 'etablissement_id',
  owner: (row: never) => number,
) {
  const ownerRaw = query.get(ownerKey);
  const ownerId = ownerRaw === null ? null : positiveId(ownerRaw);
  if (ownerRaw !== null && ownerId === null) return { error: COMMON_MESSAGES.invalidParam(ownerKey) };
  const statut = query.get('statut');
  if (statut !== null && !['brouillon', 'actif', 'suspendu', 'clos'].includes(statut))
    return { error: C.invalidStatut };
  const search = query.get('search') ?? '';
  if (search.length > 100) return { error: C.searchTooLong };
  const unknown = [...query.keys()].find((key) => ![ownerKey, 'statut', 'search'].includes(key));
  if (unknown) return { error: COMMON_MESSAGES.paramNotAllowed(unknown) };
  return {
    rows: rows
      .filter((row) => ownerId === null || owner(row as never) === ownerId)
      .filter((row) => statut === null || row.statut === statut)
      .filter((row) => containsText(row.reference, search))
      .sort((a, b) => a.reference.localeCompare(b.reference))
      .slice(0, MAX_CONTRATS_FILTER),
  };
}

/** The fixtures' lodged residents have a night of [start, end) (end null: no end), as the API's search judges. */
const isLodged = (pensionnaireId: number, start: string, end: string | null) =>
  pensionnairesHeberges.includes(pensionnaireId) &&
  PERIODE_HEBERGES.start_date < (end ?? '9999-12-31') &&
  PERIODE_HEBERGES.end_date > start;

/** A stay of the list mocks (seeds and bookings made here) holds a night of [start, end) for this resident. */
const bookedBetween = (pensionnaireId: number, start: string, end: string) =>
  mockReservations.some(
    (row) =>
      row.pensionnaire_id === pensionnaireId &&
      row.statut !== 'annulee' &&
      row.date_debut < end &&
      row.date_fin > start,
  );

const contratHandlers: RequestHandler[] = [
  http.post(api(CONTRATS_SPEC_PATHS.contratClientAvailable), async ({ request }) => {
    const body = await readJson(request);
    const invalid = validationMessage(ContratClientAvailableBody, body);
    if (invalid) return fail(400, invalid);
    const { client_id, start_date, end_date } = body as ContratClientAvailableBody;
    if (end_date <= start_date) return fail(400, C.endBeforeStart);
    if (!activeClient(client_id)) return fail(404, REFERENTIEL_MESSAGES.client.notFound);
    const contrats = allContratsClients
      .filter((row) => row.clientId === client_id && row.statut === 'actif')
      .filter((row) => covers(row, start_date, end_date))
      .sort((a, b) => b.dateDebut.localeCompare(a.dateDebut))
      .map(clientResume);
    return json(200, { contrats });
  }),
  http.get(api(CONTRATS_SPEC_PATHS.contratClientFilter), ({ request }) => {
    const result = contratsFilter(
      allContratsClients,
      new URL(request.url).searchParams,
      'client_id',
      (row: ContratClientDetail) => row.clientId,
    );
    if ('error' in result) return fail(400, result.error!);
    return json(200, { contrats: (result.rows as ContratClientDetail[]).map(clientResume) });
  }),
  http.get(api(CONTRATS_SPEC_PATHS.contratEtablissementFilter), ({ request }) => {
    const result = contratsFilter(
      allContratsEtablissement,
      new URL(request.url).searchParams,
      'etablissement_id',
      (row: ContratEtablissementDetail) => row.etablissementId,
    );
    if ('error' in result) return fail(400, result.error!);
    return json(200, { contrats: (result.rows as ContratEtablissementDetail[]).map(etablissementResume) });
  }),
  http.post(api(CONTRATS_SPEC_PATHS.contratEtablissementAvailable), async ({ request }) => {
    const body = await readJson(request);
    const invalid = validationMessage(ContratEtablissementAvailableBody, body);
    if (invalid) return fail(400, invalid);
    const { start_date, end_date, type_chambre_id } = body as ContratEtablissementAvailableBody;
    const wanted = (body as ContratEtablissementAvailableBody).nombre_chambres ?? 1;
    if (end_date <= start_date) return fail(400, C.endBeforeStart);
    // As the API does (contrats/spec-service.ts): the city's hotels, its area's, or all; the city's first.
    const ville = (body as ContratEtablissementAvailableBody).ville?.trim() || undefined;
    const perimetre =
      ville === undefined ? 'tous' : ((body as ContratEtablissementAvailableBody).perimetre ?? 'ville');
    const inCity = (hotel: { ville: string }) => ville !== undefined && containsText(hotel.ville, ville);
    const departements =
      perimetre === 'proximite' && ville !== undefined ? mockDepartementsProches(ville) : [];
    const items: DisponibiliteEtablissement[] = [];
    for (const contrat of allContratsEtablissement) {
      const hotel = activeHotel(contrat.etablissementId);
      if (!hotel || contrat.statut !== 'actif' || !covers(contrat, start_date, end_date)) continue;
      if (perimetre === 'ville' && !inCity(hotel)) continue;
      if (
        perimetre === 'proximite' &&
        !inCity(hotel) &&
        !departements.includes(departementDe(hotel.codePostal))
      )
        continue;
      const types = roomTypesOf(contrat, start_date, end_date)
        .filter((type) => type_chambre_id === undefined || type.id === type_chambre_id)
        .filter((type) => type.couvre_periode)
        .map((type) => ({
          id: type.id,
          libelle: type.libelle,
          capacite: type.capacite,
          chambres_libres: fewest(type.tarifs.map((tarif) => tarif.chambres_libres)),
        }))
        .filter((type) => type.chambres_libres === null || type.chambres_libres >= wanted);
      if (!types.length) continue;
      items.push({
        etablissement: { id: hotel.id, nom: hotel.nom, ville: hotel.ville, code_postal: hotel.codePostal },
        contrat: {
          id: contrat.id,
          reference: contrat.reference,
          date_debut: contrat.dateDebut,
          date_fin: contrat.dateFin,
          mode_tarification: contrat.modeTarification,
        },
        type_chambres: types,
      });
    }
    items.sort(
      (a, b) =>
        Number(inCity(b.etablissement)) - Number(inCity(a.etablissement)) ||
        compareNoms(a.etablissement.nom, b.etablissement.nom) ||
        compareNoms(a.etablissement.ville, b.etablissement.ville) ||
        compareNoms(a.contrat.reference, b.contrat.reference),
    );
    return json(200, {
      contrats_etablissements: items,
      ...(perimetre === 'proximite' ? { departements } : {}),
    });
  }),
  http.get(
    api(`${CONTRATS_SPEC_PATHS.contratEtablissementTypeChambres}/:contratId/:etablissementId`),
    ({ params, request }) => {
      const contratId = positiveId(params.contratId);
      const etablissementId = positiveId(params.etablissementId);
      if (contratId === null || etablissementId === null) return fail(400, COMMON_MESSAGES.invalidParams);
      const query = new URL(request.url).searchParams;
      const start = query.get('start_date');
      const end = query.get('end_date');
      if ((start === null) !== (end === null)) return fail(400, C.periodPair);
      if (start !== null && (!isApiDate(start) || !isApiDate(end) || end <= start))
        return fail(400, C.invalidPeriod);
      const contrat = allContratsEtablissement.find((row) => row.id === contratId);
      if (!contrat) return fail(404, C.etablissementNotFound);
      if (contrat.etablissementId !== etablissementId) return fail(404, C.notThisHotel);
      return json(200, { type_chambres_data: roomTypesOf(contrat, start ?? undefined, end ?? undefined) });
    },
  ),
  http.get(
    api(`${CONTRATS_SPEC_PATHS.contratClientPensionnairesSearch}/:clientId/:contratId`),
    ({ params, request }) => {
      const clientId = positiveId(params.clientId);
      const contratId = positiveId(params.contratId);
      const query = new URL(request.url).searchParams;
      const search = query.get('search') ?? '';
      const startDate = query.get('start_date');
      const endDate = query.get('end_date');
      if (
        clientId === null ||
        contratId === null ||
        search.length > 100 ||
        (startDate !== null && !isApiDate(startDate)) ||
        (endDate !== null && !isApiDate(endDate)) ||
        (startDate !== null && endDate !== null && endDate <= startDate)
      )
        return fail(400, PENSIONNAIRES_SEARCH_ERROR);
      const from = startDate ?? parisToday();
      if (!activeClient(clientId)) return fail(404, PENSIONNAIRES_SEARCH_ERROR);
      const contrat = allContratsClients.find((row) => row.id === contratId);
      if (!contrat) return fail(404, PENSIONNAIRES_SEARCH_ERROR);
      if (contrat.clientId !== clientId) return fail(400, PENSIONNAIRES_SEARCH_ERROR);
      const words = search.split(/\s+/).filter(Boolean);
      const pensionnaires: PensionnaireTrouve[] = seedPensionnaires
        .filter((row) => row.clientId === clientId && row.archivedAt === null)
        .filter((row) => {
          const text = `${row.nom} ${row.prenom} ${row.numeroDossier}`;
          return words.every((word) => containsText(text, word));
        })
        .sort((a, b) => a.nom.localeCompare(b.nom, 'fr') || a.prenom.localeCompare(b.prenom, 'fr'))
        .slice(0, MAX_PENSIONNAIRES_SEARCH)
        .map((row) => ({
          id: row.id,
          nom: row.nom,
          prenom: row.prenom,
          numero_dossier: row.numeroDossier,
          date_naissance: row.dateNaissance,
          sexe: row.sexe,
          foyer_id: row.foyerId,
          deja_heberge: isLodged(row.id, from, endDate),
        }));
      return json(200, { pensionnaires });
    },
  ),
];

/** Ids handed out by the mocked booking: far from the fixtures' own. */
let nextMereId = 900;
let nextReservationId = 9000;

const addHandler = http.post(api(RESERVATIONS_PATHS.add), async ({ request }) => {
  const body = await readJson(request);
  const invalid = validationMessage(ReservationAddBody, body);
  if (invalid) return fail(400, invalid);
  const add = body as ReservationAddBody;
  if (add.end_date <= add.start_date) return fail(400, M.departureBeforeArrival);
  const client = activeClient(add.client_id);
  if (!client) return fail(404, REFERENTIEL_MESSAGES.client.notFound);
  const sale = allContratsClients.find((row) => row.id === add.contrat_client_id);
  if (!sale || sale.clientId !== client.id) return fail(400, M.saleContractNotClient);
  if (sale.statut !== 'actif' || !covers(sale, add.start_date, add.end_date))
    return fail(409, M.saleContractInactive(sale.reference));
  const purchase = allContratsEtablissement.find((row) => row.id === add.contrat_etablissement_id);
  if (!purchase || purchase.etablissementId !== add.etablissement_id)
    return fail(400, M.purchaseContractNotHotel);
  if (purchase.statut !== 'actif' || !covers(purchase, add.start_date, add.end_date))
    return fail(409, M.purchaseContractInactive(purchase.reference));
  const type = roomTypesOf(purchase, add.start_date, add.end_date).find(
    (row) => row.id === add.type_chambre_id,
  );
  if (!type || !type.couvre_periode) return fail(409, M.roomTypeNotPriced(purchase.reference));
  const residents = add.pensionnaire_ids.map((id) =>
    seedPensionnaires.find((row) => row.id === id && row.archivedAt === null),
  );
  if (residents.some((row) => !row || row.clientId !== client.id)) return fail(400, M.unknownResident);
  const lodged = residents.find(
    (row) =>
      isLodged(row!.id, add.start_date, add.end_date) || bookedBetween(row!.id, add.start_date, add.end_date),
  );
  if (lodged) return fail(409, M.lodged(lodged.prenom, lodged.nom));
  const rooms = Math.ceil(add.pensionnaire_ids.length / type.capacite);
  const free = fewest(type.tarifs.map((tarif) => tarif.chambres_libres));
  if (free !== null && rooms > free) return fail(409, M.noRoomsLeft(type.libelle, rooms, free));
  const idReservationMere = nextMereId++;
  const reservationIds = add.pensionnaire_ids.map(() => nextReservationId++);
  const count = reservationIds.length;
  // Kept like the API does: the lists, the full reservation and each stay's card show the booking.
  const hotel = seedEtablissements.find((row) => row.id === purchase.etablissementId)!;
  addMockParent({
    id: idReservationMere,
    client: { id: client.id, nom: client.nom },
    hotel: { id: hotel.id, nom: hotel.nom, ville: hotel.ville },
    contratClient: { id: sale.id, reference: sale.reference },
    contratEtablissement: { id: purchase.id, reference: purchase.reference },
    demandeId: add.demande_id ?? null,
    createdAt: 0,
  });
  const createdAt = new Date().toISOString();
  residents.forEach((resident, index) =>
    mockReservations.push({
      id: reservationIds[index]!,
      id_reservation_mere: idReservationMere,
      type_resa: 'initiale',
      prolongation_de_id: null,
      prolongee_par_id: null,
      statut: add.confirmer ? 'confirmee' : 'en_attente',
      pensionnaire_id: resident!.id,
      pensionnaire_nom: resident!.nom,
      pensionnaire_prenom: resident!.prenom,
      numero_dossier: resident!.numeroDossier,
      client_id: client.id,
      client_nom: client.nom,
      etablissement_id: hotel.id,
      etablissement_nom: hotel.nom,
      etablissement_ville: hotel.ville,
      type_chambre_id: type.id,
      type_chambre_libelle: type.libelle,
      chambre: add.chambre ?? null,
      date_debut: add.start_date,
      date_fin: add.end_date,
      nombre_nuits: Math.round((Date.parse(add.end_date) - Date.parse(add.start_date)) / 86_400_000),
      petit_dejeuner: add.petit_dejeuner ?? false,
      dejeuner: add.dejeuner ?? false,
      diner: add.diner ?? false,
      status_paf: add.status_paf ?? false,
      status_caf: add.status_caf ?? false,
      etat_payment_paf: 'a_verifier',
      etat_payment_caf: 'a_verifier',
      apec: false,
      prolongable: false,
      version: 1,
      created_at: createdAt,
    }),
  );
  return json(201, {
    id_reservation_mere: idReservationMere,
    reservation_ids: reservationIds,
    message: M.booked(idReservationMere, count),
  });
});

const paths = [...Object.values(CONTRATS_SPEC_PATHS), RESERVATIONS_PATHS.add].map(api);

/** The booking calls: 401 without a token, then the handlers above. */
export const bookingHandlers: RequestHandler[] = [
  ...paths.flatMap((path) => [
    http.all(path, ({ request }) => requireSession(request)),
    http.all(`${path}/*`, ({ request }) => requireSession(request)),
  ]),
  ...contratHandlers,
  addHandler,
];
