import { formatNumber, formatPercent } from 'shared';
import type { StatsColonneKind } from 'shared/contract';

export interface ChartSerie {
  key: string;
  label: string;
  /** bar (default) or line; `previous`: the same month of the previous year, a dashed grey line. */
  kind?: 'bar' | 'line' | 'previous';
}

/** A serie as drawn: its colour, whether it is a bar, its dashes. */
export interface DrawnSerie extends ChartSerie {
  colour: string;
  bar: boolean;
  dashes?: string;
}

/**
 * Colours that read in grey too: bars alternate a dark and a light tone of the theme's blue (relative luminance
 * ≈ 0.07 / 0.45), lines are darker still, the previous year is grey and dashed.
 */
const BAR_COLOURS = ['#1d4a85', '#8db6e6', '#4f7fbf', '#c8daf2'];
const LINE_COLOURS = ['#0b2545', '#d46b08'];
const PREVIOUS_COLOUR = '#8c8c8c';
export const PREVIOUS_DASHES = '6 4';

export function drawnSeries(series: readonly ChartSerie[]): DrawnSerie[] {
  let bars = 0;
  let lines = 0;
  return series.map((serie) => {
    if (serie.kind === 'previous')
      return { ...serie, colour: PREVIOUS_COLOUR, bar: false, dashes: PREVIOUS_DASHES };
    if (serie.kind === 'line')
      return { ...serie, colour: LINE_COLOURS[lines++ % LINE_COLOURS.length]!, bar: false };
    return { ...serie, colour: BAR_COLOURS[bars++ % BAR_COLOURS.length]!, bar: true };
  });
}

/** A value on the value axis: « 0,8 % », « 12,4 k ». */
export function axisValue(valueKind: StatsColonneKind, value: number): string {
  return valueKind === 'percent' ? formatPercent(value) : formatNumber(value, { compact: true });
}
