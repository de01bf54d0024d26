import { describe, expect, it } from 'vitest';
import { firstVisitBudget, firstVisitVerdict } from './first-visit-budget';

const visit = (remote: string, brotliBytes: number) => ({
  remote,
  firstVisit: { brotliBytes, files: ['mf-manifest.json', 'remoteEntry.js'] },
});

describe('the first-visit byte budget', () => {
  it.each([
    ['mf-stats', 100],
    ['mf-demandes', 100],
    ['mf-rooming-pointage', 100],
    ['mf-referentiel', 100],
    ['mf-foyers', 100],
    ['mf-reservations', 150],
    ['host-shell', 300],
  ])('gives %s %i kB, up to the byte', (remote, kilobytes) => {
    expect(firstVisitBudget(remote)).toBe(kilobytes * 1024);
    expect(firstVisitVerdict(visit(remote, kilobytes * 1024)).withinBudget).toBe(true);
    expect(firstVisitVerdict(visit(remote, kilobytes * 1024 + 1)).withinBudget).toBe(false);
  });

  it('says in French what weighs too much', () => {
    expect(firstVisitVerdict(visit('mf-stats', 120_000))).toEqual({
      withinBudget: false,
      message:
        "Vérifications échouées : la première visite de mf-stats pèse 117,2 kB brotli (2 fichiers : mf-manifest.json, remoteEntry.js), au-delà de son budget de 100,0 kB. Rien n'a été publié.",
    });
    expect(firstVisitVerdict(visit('mf-stats', 26_624)).message).toBe(
      'Première visite : 26,0 kB brotli en 2 fichiers, budget 100,0 kB.',
    );
  });
});
