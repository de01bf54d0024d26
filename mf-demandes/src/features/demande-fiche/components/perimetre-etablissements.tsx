import { Radio, Typography } from 'antd';
import { PERIMETRE_LABELS, PERIMETRES } from 'shared/contract/values';
import type { Perimetre } from 'shared/contract';

interface Props {
  /** The requested city; none: every hotel is offered and there is nothing to widen. */
  ville: string | null;
  perimetre: Perimetre;
  onChange: (perimetre: Perimetre) => void;
  /** Hotels offered in this scope; undefined while loading. */
  count: number | undefined;
  /** The départements `proximite` looked in (the API's answer). */
  departements: string[] | undefined;
}

const etablissements = (n: number) => `${n} établissement${n > 1 ? 's' : ''} disponible${n > 1 ? 's' : ''}`;

function scopeText({ ville, perimetre, count, departements }: Omit<Props, 'onChange'>): string {
  if (count === undefined) return '';
  if (ville === null)
    return count === 0
      ? 'Aucun établissement n’a de contrat actif et de chambres libres sur ces dates.'
      : `${etablissements(count)} sous contrat sur ces dates.`;
  if (perimetre === 'ville')
    return count === 0
      ? `Aucun établissement disponible à ${ville} sur ces dates : élargissez le périmètre.`
      : `${etablissements(count)} à ${ville}.`;
  if (perimetre === 'proximite') {
    if (departements !== undefined && departements.length === 0)
      return `Le département de ${ville} est inconnu du référentiel : élargissez à tous les établissements.`;
    const where = `à ${ville} et alentour (département${(departements?.length ?? 0) > 1 ? 's' : ''} ${(departements ?? []).join(', ')})`;
    return count === 0
      ? `Aucun établissement disponible ${where} : élargissez le périmètre.`
      : `${etablissements(count)} ${where}, ceux de ${ville} en premier.`;
  }
  return `${etablissements(count)}, toutes villes, ceux de ${ville} en premier.`;
}

/**
 * Where « Traiter » looks for a hotel: the requested city, nearby (its département, Paris with its inner ring) or
 * every hotel under contract, and what that scope holds (docs/domain.md « Hotels offered for a request »).
 */
export function PerimetreEtablissements(props: Props) {
  const { ville, perimetre, onChange } = props;
  return (
    <div style={{ marginBottom: 12 }}>
      {ville !== null && (
        <Radio.Group
          aria-label="Périmètre de recherche des établissements"
          value={perimetre}
          onChange={(event) => onChange(event.target.value as Perimetre)}
          options={PERIMETRES.map((value) => ({
            value,
            label: value === 'ville' ? `${PERIMETRE_LABELS.ville} (${ville})` : PERIMETRE_LABELS[value],
          }))}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="perimetre-resume">
        {scopeText(props)}
      </Typography.Paragraph>
    </div>
  );
}
