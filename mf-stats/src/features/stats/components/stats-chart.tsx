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
import { Grid } from 'antd';
import { formatNumber, formatPercent } from 'shared';
import type { StatsColonneKind } from 'shared/contract';
import { formatCell } from '../model/format';
import { moisCourt } from '../model/period';
import { chartLabels, wrapLabel } from '../model/wrap-label';

/**
 * The charts of the stats screens (recharts, SVG). Loaded with React.lazy by StatsSection: the chart code is
 * fetched when a stats screen opens, never by the shell (docs/frontend.md « Statistics »).
 *
 * Months run along the bottom. Names (clients, hotels, room types) are a list: horizontal bars, one row per name,
 * the name on the left on up to three lines with its full text as the label's tooltip (`<title>`), so that two
 * names sharing their beginning never read the same.
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

/** A value on the value axis: « 0,8 % », « 12,4 k ». */
export function axisValue(valueKind: StatsColonneKind, value: number): string {
  return valueKind === 'percent' ? formatPercent(value) : formatNumber(value, { compact: true });
}

const LABEL_LINES = 3;
const LINE_HEIGHT = 14;
/** Average width of a character of the 12 px axis font. */
const CHAR_WIDTH = 6.4;

interface CategoryTickProps {
  x?: number;
  y?: number;
  payload?: { value?: unknown };
  /** The label's width (the category axis's). */
  width: number;
  /** The chart's labels by name (`chartLabels`), apart when two names would read the same. */
  labels?: Map<string, string[]>;
}

/** How many characters of the axis font a line of a label `width` px wide holds. */
const lineChars = (width: number) => Math.max(6, Math.floor((width - 8) / CHAR_WIDTH));

/** A name on the category axis: wrapped on up to three lines, right-aligned, the full name as its tooltip. */
export function CategoryTick({ x = 0, y = 0, payload, width, labels }: CategoryTickProps) {
  const name = String(payload?.value ?? '');
  const lines = labels?.get(name) ?? wrapLabel(name, lineChars(width), LABEL_LINES);
  const top = y - ((lines.length - 1) * LINE_HEIGHT) / 2;
  return (
    <g transform={`translate(${x},${top})`}>
      <title>{name}</title>
      <text textAnchor="end" fontSize={12} fill="#595959" dy="0.32em">
        {lines.map((line, index) => (
          <tspan key={index} x={-4} dy={index === 0 ? 0 : LINE_HEIGHT}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

export default function StatsChart({ rows, category, series, valueKind, label }: StatsChartProps) {
  const { md: wide = true } = Grid.useBreakpoint();
  const data = rows.map((row) => {
    const record = row as Record<string, unknown>;
    const point: Record<string, unknown> = { categorie: record[category.key] };
    for (const serie of series) point[serie.key] = Number(record[serie.key] ?? 0);
    return point;
  });
  const names = category.kind === 'text';
  // A row per name, tall enough for three lines of label and the bars of every series.
  const height = names ? Math.max(300, data.length * Math.max(48, series.length * 14 + 16)) : 300;
  const labelWidth = wide ? 180 : 116;
  const labels = names
    ? chartLabels(
        data.map((point) => String(point.categorie ?? '')),
        lineChars(labelWidth),
        LABEL_LINES,
      )
    : undefined;
  const valueAxis = {
    fontSize: 12,
    tickFormatter: (value: number) => axisValue(valueKind, value),
  };
  let bars = 0;
  let lines = 0;
  return (
    <figure
      role="img"
      aria-label={`${label} (graphique ; les valeurs sont dans le tableau à côté)`}
      style={{ margin: 0 }}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={data}
          layout={names ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
          {names ? (
            <>
              <XAxis type="number" {...valueAxis} />
              <YAxis
                type="category"
                dataKey="categorie"
                width={labelWidth}
                interval={0}
                tick={<CategoryTick width={labelWidth} labels={labels} />}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey="categorie"
                tickFormatter={(value: string) => moisCourt(value)}
                fontSize={12}
                interval="preserveStartEnd"
              />
              <YAxis width={56} {...valueAxis} />
            </>
          )}
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
