import { useMutation } from '@tanstack/react-query';
import { COMMUNICATION_PATHS } from 'shared/contract';
import { downloadFile } from 'shared/ui';

export interface PieceJointeRef {
  courrielId: number;
  index: number;
  /** The file's name, the one saved when the server names none. */
  nom: string;
}

/** GET /courriels/:id/pieces-jointes/:index: saves an attachment of an e-mail of the outbox. */
export function downloadPieceJointe({ courrielId, index, nom }: PieceJointeRef) {
  return downloadFile(`${COMMUNICATION_PATHS.courriels}/${courrielId}/pieces-jointes/${index}`, {
    method: 'GET',
    fallbackName: nom,
  });
}

/** Changes nothing on the server: nothing to invalidate. */
export const useDownloadPieceJointe = () => useMutation({ mutationFn: downloadPieceJointe });
