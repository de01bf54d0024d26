import { Tag } from 'antd';
import { ETAT_FACTURE_ETABLISSEMENT_LABELS, type EtatFactureEtablissement } from 'shared/contract';

const COLORS: Record<EtatFactureEtablissement, string> = {
  a_rapprocher: 'blue',
  ecart: 'orange',
  rapprochee: 'green',
};

/** Where a hotel invoice stands: à rapprocher, écart, rapprochée. */
export function EtatTag({ etat }: { etat: EtatFactureEtablissement }) {
  return <Tag color={COLORS[etat]}>{ETAT_FACTURE_ETABLISSEMENT_LABELS[etat]}</Tag>;
}
