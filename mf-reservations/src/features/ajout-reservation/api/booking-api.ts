import { apiClient, fetchList } from 'shared';
import {
  CONTRATS_SPEC_PATHS,
  REFERENTIEL_PATHS,
  RESERVATIONS_PATHS,
  type Client,
  type ContratClientAvailableBody,
  type ContratEtablissementAvailableBody,
  type ContratsClientAnswer,
  type ContratsEtablissementsAnswer,
  type PensionnairesAnswer,
  type ReservationAddAnswer,
  type ReservationAddBody,
  type TypeChambresAnswer,
} from 'shared/contract';

/** Clients sorted by name whose name contains `nom` (first 20): the choices of the client select. */
export async function searchClients(nom: string, signal?: AbortSignal): Promise<Client[]> {
  const search = nom.trim() ? { nom: nom.trim().slice(0, 100) } : undefined;
  const page = await fetchList<Client>(
    REFERENTIEL_PATHS.clients,
    { page: 1, pageSize: 20, sort: 'nom', order: 'asc', search },
    { signal },
  );
  return page.data;
}

/** The client's active contracts covering the whole stay. */
export async function getContratsClientDisponibles(body: ContratClientAvailableBody, signal?: AbortSignal) {
  const { data } = await apiClient.post<ContratsClientAnswer>(
    CONTRATS_SPEC_PATHS.contratClientAvailable,
    body,
    {
      signal,
    },
  );
  return data.contrats;
}

export async function searchPensionnaires(
  params: { clientId: number; contratId: number; search: string; endDate: string },
  signal?: AbortSignal,
) {
  const { clientId, contratId, search, endDate } = params;
  const { data } = await apiClient.get<PensionnairesAnswer>(
    `${CONTRATS_SPEC_PATHS.contratClientPensionnairesSearch}/${clientId}/${contratId}`,
    { params: { ...(search.trim() ? { search: search.trim() } : {}), end_date: endDate }, signal },
  );
  return data.pensionnaires;
}

/** Hotels whose active contract prices every night of the stay, with their free room types. */
export async function getEtablissementsDisponibles(
  body: ContratEtablissementAvailableBody,
  signal?: AbortSignal,
) {
  const { data } = await apiClient.post<ContratsEtablissementsAnswer>(
    CONTRATS_SPEC_PATHS.contratEtablissementAvailable,
    body,
    { signal },
  );
  return data.contrats_etablissements;
}

/** The room types of a purchase contract with their prices, cut to the stay. */
export async function getTypeChambres(
  params: { contratId: number; etablissementId: number; startDate: string; endDate: string },
  signal?: AbortSignal,
) {
  const { contratId, etablissementId, startDate, endDate } = params;
  const { data } = await apiClient.get<TypeChambresAnswer>(
    `${CONTRATS_SPEC_PATHS.contratEtablissementTypeChambres}/${contratId}/${etablissementId}`,
    { params: { start_date: startDate, end_date: endDate }, signal },
  );
  return data.type_chambres_data;
}

/** Books the residents: the success message is toasted by the client, a 409 is only logged (spec §8). */
export async function addReservation(body: ReservationAddBody): Promise<ReservationAddAnswer> {
  const { data } = await apiClient.post<ReservationAddAnswer>(RESERVATIONS_PATHS.add, body);
  return data;
}
