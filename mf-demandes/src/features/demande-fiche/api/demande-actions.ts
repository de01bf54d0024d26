import { apiClient, useWrite } from 'shared';
import { COMMUNICATION_PATHS, DEMANDES_PATHS } from 'shared/contract/values';
import type {
  CiblesAnswer,
  CommunicationAnswer,
  CommunicationSendBody,
  DemandeWriteAnswer,
  TraitementAnswer,
  TraitementBody,
} from 'shared/contract';
import { refreshDemandes } from '../../../lib/refresh-demandes';

/** PUT /demande_hebergement/:id/refuser (reason required): refused, the letter prepared. */
export async function refuseDemande({ id, motif }: { id: number; motif: string }) {
  const { data } = await apiClient.put<DemandeWriteAnswer>(`${DEMANDES_PATHS.one}/${id}/refuser`, { motif });
  return data;
}
export const useRefuseDemande = () => useWrite(refuseDemande, refreshDemandes());

/** POST /demande_hebergement/reservations_prolongation/:id: the targeted stays extended to the requested date. */
export async function extendDemande(id: number) {
  const { data } = await apiClient.post<CiblesAnswer>(`${DEMANDES_PATHS.prolongation}/${id}`, {});
  return data;
}
export const useExtendDemande = () => useWrite(extendDemande, refreshDemandes({ stays: true }));

/** PUT /demande_hebergement/annulations/:id: the targeted stays cancelled from the requested date, with the reason. */
export async function cancelDemande({ id, motif }: { id: number; motif: string }) {
  const { data } = await apiClient.put<CiblesAnswer>(`${DEMANDES_PATHS.annulations}/${id}`, { motif });
  return data;
}
export const useCancelDemande = () => useWrite(cancelDemande, refreshDemandes({ stays: true }));

/**
 * POST /communication/send/:id: sends (again) a communication with its PDF, to the recipients the sender checked
 * (the known ones, corrected, or typed for a hotel without an address). `envoi` says what became of the e-mail.
 */
export async function sendCommunication({ id, destinataires }: { id: number; destinataires: string[] }) {
  const body: CommunicationSendBody = { destinataires };
  const { data } = await apiClient.post<CommunicationAnswer>(`${COMMUNICATION_PATHS.send}/${id}`, body);
  return data;
}
export const useSendCommunication = () => useWrite(sendCommunication, refreshDemandes());

/** POST /demande_hebergement/sync for this request alone. */
export async function syncDemande(id: number) {
  const { data } = await apiClient.post<{ message: string }>(DEMANDES_PATHS.sync, { demande_ids: [id] });
  return data;
}
export const useSyncDemande = () => useWrite(syncDemande, refreshDemandes({ stays: true }));

/** POST /demande_hebergement/reservations/:id: books the request's residents in one transaction (spec §7). */
export async function treatDemande({ id, body }: { id: number; body: TraitementBody }) {
  const { data } = await apiClient.post<TraitementAnswer>(`${DEMANDES_PATHS.reservations}/${id}`, body);
  return data;
}
export const useTreatDemande = () =>
  useWrite(treatDemande, refreshDemandes({ stays: true, occupancy: true }));
