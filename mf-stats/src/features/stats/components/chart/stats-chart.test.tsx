import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StatsChart, { axisValue } from './stats-chart';

/** French figures as written, with ordinary spaces for the no-break ones. */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

const months = [
  { mois: '2026-01', nuitees: 1000, nuiteesPrecedent: 800 },
  { mois: '2026-02', nuitees: 500, nuiteesPrecedent: 900 },
  { mois: '2026-03', nuitees: 0, nuiteesPrecedent: null },
];
const monthSeries = [
  { key: 'nuitees', label: 'Nuitées' },
  { key: 'nuiteesPrecedent', label: 'Nuitées (N-1)', kind: 'previous' as const },
];
const clients = [
  { libelle: 'Conseil départemental du Val-de-Marne', nuitees: 1200, pax: 40 },
  { libelle: "Conseil départemental de l'Essonne", nuitees: 800, pax: 25 },
];

const bars = (container: HTMLElement) => [
  ...container.querySelectorAll<SVGRectElement>('rect.stats-chart-bar'),
];
const size = (rect: SVGRectElement, name: 'height' | 'width' | 'y' | 'x') => Number(rect.getAttribute(name));
const ticks = (container: HTMLElement) =>
  [...container.querySelectorAll('.stats-chart-tick text')].map((text) => spaced(text.textContent));

// happy-dom lays nothing out: the chart measures as on a 375 px wide phone.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 343, height: 300 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('StatsChart', () => {
  it('draws a bar per month, its height proportional to its figure, from a zero line', () => {
    const { container } = render(
      <StatsChart
        rows={months}
        category={{ key: 'mois', kind: 'month' }}
        series={monthSeries}
        valueKind="integer"
        label="Nuitées par mois"
      />,
    );
    expect(screen.getByRole('img', { name: /^Nuitées par mois \(graphique/ })).toBeTruthy();
    const drawn = bars(container);
    expect(drawn).toHaveLength(3);
    expect(size(drawn[0]!, 'height')).toBeGreaterThan(0);
    expect(size(drawn[1]!, 'height')).toBeCloseTo(size(drawn[0]!, 'height') / 2, 5);
    expect(size(drawn[2]!, 'height')).toBe(0);
    // Every bar stands on the same line (its bottom), the months left to right.
    const bottoms = drawn.map((rect) => size(rect, 'y') + size(rect, 'height'));
    expect(new Set(bottoms).size).toBe(1);
    expect(size(drawn[0]!, 'x')).toBeLessThan(size(drawn[1]!, 'x'));
    // Round steps in French, from zero past the largest figure.
    expect(ticks(container)).toEqual(['0', '200', '400', '600', '800', '1 k']);
    expect([...container.querySelectorAll('.stats-chart-month')].map((text) => text.textContent)).toContain(
      'janv. 2026',
    );
  });

  it('draws the previous year as a dashed grey line, broken where a month has no figure', () => {
    const { container } = render(
      <StatsChart
        rows={months}
        category={{ key: 'mois', kind: 'month' }}
        series={monthSeries}
        valueKind="integer"
        label="Nuitées par mois"
      />,
    );
    const line = container.querySelector('.stats-chart-line[data-serie="nuiteesPrecedent"] path')!;
    expect(line.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(line.getAttribute('stroke')).toBe('#8c8c8c');
    expect(line.getAttribute('d')?.match(/[ML]/g)).toEqual(['M', 'L']);
    const legend = [...container.querySelectorAll('.stats-chart-legend li')];
    expect(legend.map((item) => item.textContent)).toEqual(['Nuitées', 'Nuitées (N-1)']);
    expect(legend[0]!.querySelector('rect')).toBeTruthy();
    expect(legend[1]!.querySelector('line')?.getAttribute('stroke-dasharray')).toBe('6 4');
  });

  it('draws a plain line with a dot per month, in its own colour', () => {
    const { container } = render(
      <StatsChart
        rows={[
          { mois: '2026-01', taux: 80.5 },
          { mois: '2026-02', taux: 62 },
        ]}
        category={{ key: 'mois', kind: 'month' }}
        series={[{ key: 'taux', label: "Taux d'occupation", kind: 'line' }]}
        valueKind="percent"
        label="Occupation"
      />,
    );
    const line = container.querySelector('.stats-chart-line[data-serie="taux"]')!;
    expect(line.querySelector('path')?.getAttribute('stroke-dasharray')).toBeNull();
    expect(line.querySelectorAll('circle')).toHaveLength(2);
    expect(bars(container)).toHaveLength(0);
    expect(ticks(container).at(-1)).toBe('100 %');
  });

  it('draws a negative figure below the zero line', () => {
    const { container } = render(
      <StatsChart
        rows={[
          { mois: '2026-01', marge: '300.00' },
          { mois: '2026-02', marge: '-150.00' },
        ]}
        category={{ key: 'mois', kind: 'month' }}
        series={[{ key: 'marge', label: 'Marge HT' }]}
        valueKind="money"
        label="Marge"
      />,
    );
    const [positive, negative] = bars(container);
    // The positive bar ends on the zero line, where the negative one starts.
    expect(size(negative!, 'y')).toBeCloseTo(size(positive!, 'y') + size(positive!, 'height'), 5);
    expect(size(negative!, 'height')).toBeCloseTo(size(positive!, 'height') / 2, 5);
    expect(ticks(container)).toContain('0');
    expect(ticks(container)[0]!.startsWith('-')).toBe(true);
  });

  it('says there is nothing to draw when there are no rows', () => {
    const { container } = render(
      <StatsChart
        rows={[]}
        category={{ key: 'mois', kind: 'month' }}
        series={monthSeries}
        valueKind="integer"
        label="Nuitées par mois"
      />,
    );
    expect(screen.getByRole('img', { name: /Nuitées par mois/ }).textContent).toBe(
      'Aucune donnée à représenter.',
    );
    expect(container.querySelector('svg')).toBeNull();
  });

  it('gives every name its own row and readable label: wrapped, the full name in the tooltip', () => {
    const { container } = render(
      <StatsChart
        rows={clients}
        category={{ key: 'libelle', kind: 'text' }}
        series={[
          { key: 'nuitees', label: 'Nuitées' },
          { key: 'pax', label: 'Pax', kind: 'line' },
        ]}
        valueKind="integer"
        label="Activité par client"
      />,
    );
    const labels = [...container.querySelectorAll('.stats-chart-name')].map((group) => ({
      full: group.querySelector('title')?.textContent,
      lines: [...group.querySelectorAll('tspan')].map((tspan) => tspan.textContent),
    }));
    expect(labels.map((label) => label.full)).toEqual(clients.map((row) => row.libelle));
    expect(labels[0]!.lines.length).toBeGreaterThan(1);
    expect(labels[0]!.lines.join(' ')).toContain('Val-de-Marne');
    expect(labels[1]!.lines.join(' ')).toContain("l'Essonne");
    // Horizontal bars: lengths proportional, one row under the other.
    const [first, second] = bars(container);
    expect(size(second!, 'width')).toBeCloseTo((size(first!, 'width') * 800) / 1200, 5);
    expect(size(first!, 'x')).toBe(size(second!, 'x'));
    expect(size(first!, 'y')).toBeLessThan(size(second!, 'y'));
    // On a phone the names' column is 116 px: the bars start there.
    expect(size(first!, 'x')).toBe(116);
  });

  it("shows a category's figures in French on hover", () => {
    const { container } = render(
      <StatsChart
        rows={months}
        category={{ key: 'mois', kind: 'month' }}
        series={monthSeries}
        valueKind="integer"
        label="Nuitées par mois"
      />,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(container.querySelectorAll('.stats-chart-category')[0]!);
    const tooltip = screen.getByRole('tooltip');
    expect(spaced(tooltip.textContent)).toBe('janv. 2026Nuitées : 1 000Nuitées (N-1) : 800');
    fireEvent.mouseLeave(tooltip.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the figures under the keyboard too: one tab stop, the arrows move along the categories', async () => {
    const user = userEvent.setup();
    render(
      <StatsChart
        rows={months}
        category={{ key: 'mois', kind: 'month' }}
        series={monthSeries}
        valueKind="integer"
        label="Nuitées par mois"
      />,
    );
    await user.tab();
    expect(spaced(screen.getByRole('tooltip').textContent)).toContain('janv. 2026Nuitées : 1 000');
    await user.keyboard('{ArrowRight}');
    expect(spaced(screen.getByRole('tooltip').textContent)).toBe(
      'févr. 2026Nuitées : 500Nuitées (N-1) : 900',
    );
    await user.keyboard('{End}');
    expect(spaced(screen.getByRole('tooltip').textContent)).toBe('mars 2026Nuitées : 0Nuitées (N-1) : —');
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('writes money in euros in the tooltip', () => {
    const { container } = render(
      <StatsChart
        rows={[{ libelle: 'Hôtel du Parc', ca: '1234.5' }]}
        category={{ key: 'libelle', kind: 'text' }}
        series={[{ key: 'ca', label: "Chiffre d'affaires HT" }]}
        valueKind="money"
        label="CA par hôtel"
      />,
    );
    fireEvent.mouseEnter(container.querySelector('.stats-chart-category')!);
    expect(spaced(screen.getByRole('tooltip').textContent)).toBe(
      "Hôtel du ParcChiffre d'affaires HT : 1 234,50 €",
    );
  });

  it("follows its card's width as it changes, and then gives the names a wider column", () => {
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render(
      <StatsChart
        rows={clients}
        category={{ key: 'libelle', kind: 'text' }}
        series={[{ key: 'nuitees', label: 'Nuitées' }]}
        valueKind="integer"
        label="Activité par client"
      />,
    );
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('343');
    vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockReturnValue(
      DOMRect.fromRect({ width: 520, height: 300 }),
    );
    act(() => resized());
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('520');
    expect(size(bars(container)[0]!, 'x')).toBe(180);
  });

  it('writes the value axis in French: « 0,8 % », « 1,2 k »', () => {
    expect(axisValue('percent', 0.8)).toBe('0,8\u00a0%');
    expect(spaced(axisValue('integer', 1200))).toBe('1,2 k');
  });
});
