import { apiClient } from 'shared';
import { downloadFile } from 'shared/ui';
import { facturePath } from './get-facture';

/** GET /facturation/factures/:id/pdf: the Factur-X PDF kept at issue, as a blob the preview shows. */
export async function getFacturePdf(id: number, signal?: AbortSignal): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(`${facturePath(id)}/pdf`, { responseType: 'blob', signal });
  return data;
}

/** Saves the PDF or the CII XML under the name the API gives (`FA-2026-000123.xml`). */
export function downloadFactureFile(id: number, kind: 'pdf' | 'xml', numero: string) {
  return downloadFile(`${facturePath(id)}/${kind}`, { method: 'GET', fallbackName: `${numero}.${kind}` });
}
