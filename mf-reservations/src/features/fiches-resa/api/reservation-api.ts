import { apiClient } from 'shared';
import {
  CONTRATS_SPEC_PATHS,
  RESERVATIONS_PATHS,
  type ApecBody,
  type HistoriqueEntry,
  type HistoriquesAnswer,
  type PensionnairesAnswer,
  type PensionnaireTrouve,
  type PointagePafCafBody,
  type ProlongationAnswer,
  type ProlongationBody,
  type RecapAnswer,
  type RecapPensionnaire,
  type ReservationActionBody,
  type ReservationDetail,
  type ReservationDetailAnswer,
  type ReservationEditAnswer,
  type ReservationEditBody,
  type ReservationIntegraleAnswer,
  type ReservationIntegraleDetail,
  type ReservationUpdateBody,
} from 'shared/contract';

/** Calls of the two reservation detail screens (spec §7), through the one apiClient of `shared`. */

const P = RESERVATIONS_PATHS;

/** The success message of a write (already toasted by the client). */
export interface Written {
  message?: string;
}

export async function getReservation(id: number, signal?: AbortSignal): Promise<ReservationDetail> {
  const { data } = await apiClient.get<ReservationDetailAnswer>(`${P.one}/${id}`, { signal });
  return data.data;
}

export async function getReservationIntegrale(
  id: number,
  signal?: AbortSignal,
): Promise<ReservationIntegraleDetail> {
  const { data } = await apiClient.get<ReservationIntegraleAnswer>(`${P.integrales}/${id}`, { signal });
  return data.data;
}

export async function getRecap(id: number, signal?: AbortSignal): Promise<RecapPensionnaire[]> {
  const { data } = await apiClient.get<RecapAnswer>(`${P.integraleRecap}/${id}`, { signal });
  return data.reservations;
}

/** Newest first. */
export async function getHistoriques(id: number, signal?: AbortSignal): Promise<HistoriqueEntry[]> {
  const { data } = await apiClient.get<HistoriquesAnswer>(`${P.historiques}/${id}`, { signal });
  return data.historiques;
}

export async function confirmReservation(id: number, body: ReservationActionBody): Promise<Written> {
  return (await apiClient.put<Written>(`${P.confirmation}/${id}`, body)).data;
}

/** Future nights are cancelled, past nights stay billable. */
export async function cancelReservation(id: number, body: ReservationActionBody): Promise<Written> {
  return (await apiClient.put<Written>(`${P.annulation}/${id}`, body)).data;
}

export async function extendReservation(id: number, body: ProlongationBody): Promise<ProlongationAnswer> {
  return (await apiClient.put<ProlongationAnswer>(`${P.prolongation}/${id}`, body)).data;
}

/** A stay changed since `body.version` was read answers 409. */
export async function updateReservation(id: number, body: ReservationUpdateBody): Promise<Written> {
  return (await apiClient.put<Written>(`${P.one}/${id}`, body)).data;
}

/** Early departure: the stay ends on `dateFin` (YYYY-MM-DD, today or later). */
export async function departReservation(id: number, dateFin: string): Promise<Written> {
  return (await apiClient.put<Written>(`${P.one}/${id}/${dateFin}`)).data;
}

export async function setPaymentState(id: number, body: PointagePafCafBody): Promise<Written> {
  return (await apiClient.put<Written>(`${P.pointagePafCaf}/${id}`, body)).data;
}

export async function setApec(id: number, body: ApecBody): Promise<Written> {
  return (await apiClient.put<Written>(`${P.apec}/${id}`, body)).data;
}

export async function addPensionnaire(
  idReservationMere: number,
  pensionnaireId: number,
  body: ReservationEditBody = {},
): Promise<ReservationEditAnswer> {
  const path = `${P.edit}/${idReservationMere}/${pensionnaireId}`;
  return (await apiClient.post<ReservationEditAnswer>(path, body)).data;
}

/** Residents of the client the sale contract may house; `deja_heberge` warns of a stay until `endDate`. */
export async function searchPensionnaires(
  clientId: number,
  contratId: number,
  search: string,
  endDate?: string,
  signal?: AbortSignal,
): Promise<PensionnaireTrouve[]> {
  const { data } = await apiClient.get<PensionnairesAnswer>(
    `${CONTRATS_SPEC_PATHS.contratClientPensionnairesSearch}/${clientId}/${contratId}`,
    {
      params: {
        ...(search.trim() ? { search: search.trim() } : {}),
        ...(endDate ? { end_date: endDate } : {}),
      },
      signal,
    },
  );
  return data.pensionnaires;
}
