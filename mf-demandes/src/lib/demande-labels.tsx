import { Tag } from 'antd';
import { formatNumber } from 'shared';
import { DEMANDE_TYPE_LABELS, demandeStatutLabel } from 'shared/contract/values';
import type { DemandeStatut, DemandeType } from 'shared/contract';

const STATUT_COLORS: Record<DemandeStatut, string> = {
  a_traiter: 'orange',
  en_cours: 'blue',
  traitee: 'green',
  refusee: 'red',
  annulee: 'default',
};

/** The state as staff read it for this kind (« À prolonger », « Annulation confirmée »…). */
export function StatutTag({ type, statut }: { type: DemandeType; statut: DemandeStatut }) {
  return <Tag color={STATUT_COLORS[statut]}>{demandeStatutLabel(type, statut)}</Tag>;
}

export const typeLabel = (type: DemandeType) => DEMANDE_TYPE_LABELS[type];

/** « 3 demandes », « 1 demande ». */
export const countLabel = (total: number) => `${formatNumber(total)} demande${total > 1 ? 's' : ''}`;
