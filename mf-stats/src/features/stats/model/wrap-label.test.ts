import { describe, expect, it } from 'vitest';
import { wrapLabel } from './wrap-label';

describe('wrapLabel', () => {
  it('keeps two long names that share their beginning apart', () => {
    const valDeMarne = wrapLabel('Conseil départemental du Val-de-Marne', 16, 3);
    const essonne = wrapLabel("Conseil départemental de l'Essonne", 16, 3);
    expect(valDeMarne).toEqual(['Conseil', 'départemental du', 'Val-de-Marne']);
    expect(essonne).toEqual(['Conseil', 'départemental de', "l'Essonne"]);
    expect(valDeMarne.join(' ')).not.toBe(essonne.join(' '));
  });

  it('cuts what does not fit with « … »: a word longer than a line, a name longer than the lines', () => {
    expect(wrapLabel('Anticonstitutionnellement', 10, 2)).toEqual(['Anticonst…']);
    expect(wrapLabel('Association le Relais Solidaire de la Métropole lyonnaise', 14, 2)).toEqual([
      'Association le',
      'Relais…',
    ]);
    expect(wrapLabel('Hôtel du Parc', 20, 3)).toEqual(['Hôtel du Parc']);
  });
});
