import { Tag } from 'antd';
import { COURRIEL_STATUT_LABELS } from 'shared/contract/values';
import type { CourrielStatut } from 'shared/contract';

/** Sent green; kept in the outbox, not transmitted, gold — never the green of a message that left; failed red. */
const COLORS: Record<CourrielStatut, string> = {
  en_attente: 'blue',
  envoye: 'green',
  non_transmis: 'gold',
  echec: 'red',
};

export function CourrielStatutTag({ statut }: { statut: CourrielStatut }) {
  return <Tag color={COLORS[statut]}>{COURRIEL_STATUT_LABELS[statut]}</Tag>;
}
