import type { ModeTarification } from 'shared/contract';

export const MODE_TARIFICATION_LABELS: Record<ModeTarification, string> = {
  par_chambre: 'Prix par chambre',
  par_personne: 'Prix par personne',
};
