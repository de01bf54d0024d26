import { describe, expect, it } from 'vitest';
import { chartLabels, wrapLabel } from './wrap-label';

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

describe('chartLabels', () => {
  it('shows where two names differ when their wrapped labels would read the same', () => {
    const ddets = (dep: string) =>
      `Direction départementale de l’emploi, du travail et des solidarités ${dep}`;
    const labels = chartLabels([ddets('93'), ddets('94'), 'Hôtel du Parc'], 16, 3);
    expect(wrapLabel(ddets('93'), 16, 3)).toEqual(wrapLabel(ddets('94'), 16, 3));
    expect(labels.get(ddets('93'))).toEqual(['Direction', 'départementale', '… solidarités 93']);
    expect(labels.get(ddets('94'))).toEqual(['Direction', 'départementale', '… solidarités 94']);
    expect(labels.get('Hôtel du Parc')).toEqual(['Hôtel du Parc']);
  });

  it('cuts a differing end longer than a line, and leaves a name given twice as it is', () => {
    const labels = chartLabels(
      [
        'Association un deux trois quatre cinq Lyon-Villeurbanne-Vaulx',
        'Association un deux trois quatre cinq Marseille',
      ],
      16,
      2,
    );
    expect(labels.get('Association un deux trois quatre cinq Lyon-Villeurbanne-Vaulx')).toEqual([
      'Association un',
      '… Lyon-Villeurb…',
    ]);
    expect(labels.get('Association un deux trois quatre cinq Marseille')).toEqual([
      'Association un',
      '… cinq Marseille',
    ]);
    expect(chartLabels(['Même nom', 'Même nom'], 16, 3).get('Même nom')).toEqual(['Même nom']);
  });
});
