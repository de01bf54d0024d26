import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StatsChart, { axisValue } from './stats-chart';

const rows = [
  { libelle: 'Conseil départemental du Val-de-Marne', nuitees: 1200, pax: 40 },
  { libelle: "Conseil départemental de l'Essonne", nuitees: 800, pax: 25 },
];

/** The text each category label shows, and its tooltip. */
function labels(container: HTMLElement) {
  return [...container.querySelectorAll('.recharts-yAxis-tick-labels g > title')].map((title) => ({
    full: title.textContent,
    shown: [...(title.parentElement?.querySelectorAll('tspan') ?? [])]
      .map((tspan) => tspan.textContent)
      .join(' '),
  }));
}

// happy-dom lays nothing out: the chart's container measures as on a 375 px wide phone, the rest (legend) as nothing.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 343, height: 300 })
      : DOMRect.fromRect({ width: 0, height: 0 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('StatsChart', () => {
  it('gives every name its own readable label: wrapped, the full name in the tooltip', async () => {
    const { container } = render(
      <StatsChart
        rows={rows}
        category={{ key: 'libelle', kind: 'text' }}
        series={[
          { key: 'nuitees', label: 'Nuitées' },
          { key: 'pax', label: 'Pax', kind: 'line' },
        ]}
        valueKind="integer"
        label="Activité par client"
      />,
    );
    // recharts draws its axes after a render of its own.
    await waitFor(() => expect(labels(container)).toHaveLength(2));
    const shown = labels(container);
    expect(shown.map((label) => label.full)).toEqual(rows.map((row) => row.libelle));
    expect(shown[0]!.shown).toContain('Val-de-Marne');
    expect(shown[1]!.shown).toContain("l'Essonne");
    expect(new Set(shown.map((label) => label.shown)).size).toBe(2);
  });

  it('writes the value axis in French: « 0,8 % », « 1,2 k »', () => {
    expect(axisValue('percent', 0.8)).toBe('0,8\u00a0%');
    expect(axisValue('integer', 1200).replace(/[\u202f\u00a0]/g, ' ')).toBe('1,2 k');
  });
});
