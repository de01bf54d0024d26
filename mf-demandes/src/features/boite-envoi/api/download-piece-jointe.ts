import { COMMUNICATION_PATHS } from 'shared/contract/values';
import type { DownloadFileOptions } from 'shared/ui';

/**
 * GET /courriels/:id/pieces-jointes/:index, an attachment of an e-mail of the outbox, saved under the server's name
 * (`nom` when it names none): the path and options of `useFileDownload().start`. Changes nothing on the server.
 */
export function pieceJointeRequest(
  courrielId: number,
  { index, nom }: { index: number; nom: string },
): [path: string, options: Omit<DownloadFileOptions, 'onProgress' | 'signal'>] {
  return [
    `${COMMUNICATION_PATHS.courriels}/${courrielId}/pieces-jointes/${index}`,
    { method: 'GET', fallbackName: nom },
  ];
}
