import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import {
  FACTURATION_PATHS,
  type AvoirBody,
  type FactureDraftBody,
  type FactureDraftUpdateBody,
  type FactureEnvoiAnswer,
  type FactureWritten,
  type PaiementAnnulationBody,
  type PaiementBody,
  type TaskQueuedAnswer,
} from 'shared/contract';
import { facturationKeys } from './facturation-keys';
import { facturePath } from './get-facture';

/**
 * The invoicing writes (docs/api.md « Facturation »), one function each; every hook invalidates the whole of
 * invoicing (`facturationKeys.all`): the list, the card written, and the invoice a credit note or payment changes.
 * The API's 409s (nights already invoiced, settings missing, overpayment…) are shown by the dialogs.
 */

const refresh = (queryClient: Parameters<typeof invalidate>[0]) =>
  invalidate(queryClient, facturationKeys.all);
const refreshPlan = { onSuccess: refresh, onConflict: refresh };

async function post<T>(path: string, body?: unknown, quiet = false): Promise<T> {
  const { data } = await apiClient.post<T>(path, body, { quiet });
  return data;
}

/** POST /facturation/factures: a client's draft for a month; 409 when its nights are already invoiced. */
export const createDraft = (body: FactureDraftBody) => post<FactureWritten>(FACTURATION_PATHS.factures, body);

/** POST /facturation/preparation (administrators): 202 with the task preparing the month's drafts. */
export const prepareMonth = (mois: string) => post<TaskQueuedAnswer>(FACTURATION_PATHS.preparation, { mois });

export async function updateDraft({ id, ...body }: FactureDraftUpdateBody & { id: number }) {
  const { data } = await apiClient.put<FactureWritten>(facturePath(id), body);
  return data;
}

export async function deleteDraft(id: number) {
  const { data } = await apiClient.delete<{ message: string }>(facturePath(id));
  return data;
}

export const recomputeDraft = (id: number) => post<FactureWritten>(`${facturePath(id)}/recalcul`);
/** Administrators: 409 naming the seller settings still missing. */
export const issueFacture = (id: number) => post<FactureWritten>(`${facturePath(id)}/emission`);
/** The same issue without its toast: the bulk issue reports each draft in its own table. */
export const issueFactureQuietly = (id: number) =>
  post<FactureWritten>(`${facturePath(id)}/emission`, undefined, true);
export const sendFacture = (id: number) => post<FactureEnvoiAnswer>(`${facturePath(id)}/envoi`);
export const recordPayment = ({ id, ...body }: PaiementBody & { id: number }) =>
  post<FactureWritten>(`${facturePath(id)}/paiements`, body);
export const cancelPayment = ({ paiementId, ...body }: PaiementAnnulationBody & { paiementId: number }) =>
  post<FactureWritten>(`${FACTURATION_PATHS.paiements}/${paiementId}/annulation`, body);
export const createAvoir = ({ id, ...body }: AvoirBody & { id: number }) =>
  post<FactureWritten>(`${facturePath(id)}/avoirs`, body);

export const useCreateDraft = (config?: MutationConfig<typeof createDraft>) =>
  useWrite(createDraft, refreshPlan, config);
export const usePrepareMonth = (config?: MutationConfig<typeof prepareMonth>) =>
  useWrite(prepareMonth, () => Promise.resolve(), config);
export const useUpdateDraft = (config?: MutationConfig<typeof updateDraft>) =>
  useWrite(updateDraft, refreshPlan, config);
export const useDeleteDraft = (config?: MutationConfig<typeof deleteDraft>) =>
  useWrite(deleteDraft, refreshPlan, config);
export const useRecomputeDraft = (config?: MutationConfig<typeof recomputeDraft>) =>
  useWrite(recomputeDraft, refreshPlan, config);
export const useIssueFacture = (config?: MutationConfig<typeof issueFacture>) =>
  useWrite(issueFacture, refreshPlan, config);
export const useSendFacture = (config?: MutationConfig<typeof sendFacture>) =>
  useWrite(sendFacture, refreshPlan, config);
export const useRecordPayment = (config?: MutationConfig<typeof recordPayment>) =>
  useWrite(recordPayment, refreshPlan, config);
export const useCancelPayment = (config?: MutationConfig<typeof cancelPayment>) =>
  useWrite(cancelPayment, refreshPlan, config);
export const useCreateAvoir = (config?: MutationConfig<typeof createAvoir>) =>
  useWrite(createAvoir, refreshPlan, config);
