import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { StatsColonneKind } from 'shared/contract';
import { formatCell } from '../model/format';
import { moisCourt } from '../model/period';

/**
 * The charts of the stats screens (recharts, SVG). Loaded with React.lazy by StatsSection: the chart code is
 * fetched when a stats screen opens, never by the shell (docs/frontend.md « Statistics »).
 *
 * Colours read in grey too: the series alternate dark and light tones of the theme's blue (luminance 25 % vs
 * 75 %), the previous year is a dashed grey line, and every figure is also in the table beside the chart.
 */

export interface ChartSerie {
  key: string;
  label: string;
  /** bar (default) or line; `previous`: the same month of the previous year, dashed. */
  kind?: 'bar' | 'line' | 'previous';
}

export interface StatsChartProps {
  rows: readonly object[];
  /** The category axis: its key and how to read it (month or text). */
  category: { key: string; kind: 'month' | 'text' };
  series: readonly ChartSerie[];
  valueKind: StatsColonneKind;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
}

const BAR_COLOURS = ['#1d4a85', '#8db6e6', '#4f7fbf', '#c8daf2'];
const LINE_COLOURS = ['#0b2545', '#d46b08'];
const PREVIOUS_COLOUR = '#8c8c8c';

const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 });

export default function StatsChart({ rows, category, series, valueKind, label }: StatsChartProps) {
  const data = rows.map((row) => {
    const record = row as Record<string, unknown>;
    const point: Record<string, unknown> = { categorie: record[category.key] };
    for (const serie of series) point[serie.key] = Number(record[serie.key] ?? 0);
    return point;
  });
  const tick = (value: string) => {
    const text = category.kind === 'month' ? moisCourt(value) : value;
    return text.length > 18 ? `${text.slice(0, 17)}…` : text;
  };
  let bars = 0;
  let lines = 0;
  return (
    <figure
      role="img"
      aria-label={`${label} (graphique ; les valeurs sont dans le tableau à côté)`}
      style={{ margin: 0 }}
    >
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
          <XAxis dataKey="categorie" tickFormatter={tick} fontSize={12} interval="preserveStartEnd" />
          <YAxis
            fontSize={12}
            width={56}
            tickFormatter={(value: number) =>
              valueKind === 'percent' ? `${value} %` : compact.format(value)
            }
          />
          <Tooltip
            formatter={(value, name) => [formatCell(valueKind, value), name]}
            labelFormatter={(value) => (category.kind === 'month' ? moisCourt(String(value)) : String(value))}
          />
          <Legend />
          {series.map((serie) => {
            if (serie.kind === 'previous')
              return (
                <Line
                  key={serie.key}
                  dataKey={serie.key}
                  name={serie.label}
                  stroke={PREVIOUS_COLOUR}
                  strokeDasharray="6 4"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              );
            if (serie.kind === 'line')
              return (
                <Line
                  key={serie.key}
                  dataKey={serie.key}
                  name={serie.label}
                  stroke={LINE_COLOURS[lines++ % LINE_COLOURS.length]}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              );
            return (
              <Bar
                key={serie.key}
                dataKey={serie.key}
                name={serie.label}
                fill={BAR_COLOURS[bars++ % BAR_COLOURS.length]}
                isAnimationActive={false}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
