import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, invalidate, resourceKeys, useWrite } from 'shared';
import {
  RELEVES_PATHS,
  type AcceptationBody,
  type DetailBody,
  type FactureEtablissementBody,
  type FactureEtablissementDetail,
  type FactureEtablissementWritten,
  type ReleveEtablissement,
} from 'shared/contract';

/**
 * The hotel statements and hotel invoices calls (docs/api.md « Hotel statements and reconciliation »). Keys named
 * like the paths' first segment, so the lists of `ResourceTable` (`keysOfPath`) refresh with the cards.
 */
export const releveKeys = resourceKeys('releves');
export const factureEtablissementKeys = resourceKeys('factures-etablissements');

const withParams = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

export const relevePath = (etablissementId: number, mois: string) =>
  withParams(RELEVES_PATHS.releve, { etablissementId, mois });
export const releveFilePath = (etablissementId: number, mois: string, extension: 'pdf' | 'xlsx') =>
  withParams(extension === 'pdf' ? RELEVES_PATHS.relevePdf : RELEVES_PATHS.releveXlsx, {
    etablissementId,
    mois,
  });
export const rapportFilePath = (id: number, extension: 'pdf' | 'xlsx') =>
  withParams(extension === 'pdf' ? RELEVES_PATHS.ecartsPdf : RELEVES_PATHS.ecartsXlsx, { id });

export const releveQueryOptions = (etablissementId: number, mois: string) =>
  queryOptions({
    queryKey: releveKeys.detail(`${etablissementId}/${mois}`),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ReleveEtablissement>(relevePath(etablissementId, mois), { signal })).data,
  });

export const useReleve = (etablissementId: number | null, mois: string) =>
  useQuery({ ...releveQueryOptions(etablissementId ?? 0, mois), enabled: etablissementId !== null });

export const factureEtablissementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: factureEtablissementKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get<FactureEtablissementDetail>(withParams(RELEVES_PATHS.facture, { id }), { signal }))
        .data,
  });

async function createFactureEtablissement(body: FactureEtablissementBody) {
  return (await apiClient.post<FactureEtablissementWritten>(RELEVES_PATHS.factures, body)).data;
}

async function loadDetail({ id, ...body }: DetailBody & { id: number }) {
  return (await apiClient.put<FactureEtablissementWritten>(withParams(RELEVES_PATHS.detail, { id }), body))
    .data;
}

async function rapprocher({ id, version }: { id: number; version: number }) {
  return (
    await apiClient.post<FactureEtablissementWritten>(withParams(RELEVES_PATHS.rapprochement, { id }), {
      version,
    })
  ).data;
}

async function accepterEcarts({ id, ...body }: AcceptationBody & { id: number }) {
  return (
    await apiClient.post<FactureEtablissementWritten>(withParams(RELEVES_PATHS.acceptation, { id }), body)
  ).data;
}

/** A written invoice goes into its card's cache; the invoices' lists and the statements (their state) refresh. */
async function putWritten(queryClient: QueryClient, written: FactureEtablissementWritten) {
  queryClient.setQueryData(factureEtablissementKeys.detail(written.data.id), written.data);
  await invalidate(queryClient, factureEtablissementKeys.lists(), releveKeys.lists());
}

/** A write on an existing invoice; after a 409 (another write meanwhile) its card reloads beside the message. */
const refreshWritten = {
  onSuccess: putWritten,
  onConflict: (queryClient: QueryClient, variables: { id: number }) =>
    invalidate(queryClient, factureEtablissementKeys.detail(variables.id)),
};

export const useCreateFactureEtablissement = () => useWrite(createFactureEtablissement, putWritten);
export const useLoadDetail = () => useWrite(loadDetail, refreshWritten);
export const useRapprocher = () => useWrite(rapprocher, refreshWritten);
export const useAccepterEcarts = () => useWrite(accepterEcarts, refreshWritten);
