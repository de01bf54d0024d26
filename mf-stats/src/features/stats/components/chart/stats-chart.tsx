import { useState, type KeyboardEvent } from 'react';
import type { StatsColonneKind } from 'shared/contract';
import { formatCell } from '../../model/format';
import { moisCourt } from '../../model/period';
import { chartLabels } from '../../model/wrap-label';
import { CategoryLabel, FONT_SIZE, LABEL_LINES, lineChars } from './category-label';
import { ChartLegend } from './chart-legend';
import { ChartTooltip } from './chart-tooltip';
import { niceTicks } from './nice-ticks';
import { axisValue, drawnSeries, type ChartSerie } from './series';
import { useWidth } from './use-width';

export type { ChartSerie } from './series';
export { axisValue } from './series';

/**
 * The charts of the stats screens: the product's own SVG (docs/frontend.md « Statistics »), a few kB where a chart
 * library was a hundred.
 *
 * Months run along the bottom. Names (clients, hotels, room types) are a list: horizontal bars, one row per name,
 * the name on the left on up to three lines with its full text as the label's tooltip (`<title>`), so that two
 * names sharing their beginning never read the same.
 *
 * A tooltip gives a category's figures in French under the pointer, and under the keyboard: the chart is one tab
 * stop, the arrow keys move from category to category. Every figure is also in the table beside the chart.
 */
export interface StatsChartProps {
  rows: readonly object[];
  /** The category axis: its key and how to read it (month or text). */
  category: { key: string; kind: 'month' | 'text' };
  series: readonly ChartSerie[];
  valueKind: StatsColonneKind;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
}

const MONTHS_HEIGHT = 300;
/** The value axis's labels left of a months chart; a month's label (« sept. 2026 ») with room around it. */
const VALUE_AXIS_WIDTH = 56;
const MONTH_LABEL_WIDTH = 70;
const MARGIN = { top: 12, right: 16, bottom: 28 };
/** Room for a value axis's label: fewer ticks on a narrow chart. */
const TICK_SPACING = 50;
/** The names' column: narrower on a chart less than 400 px wide (a phone). */
const labelWidth = (width: number) => (width < 400 ? 116 : 180);

export default function StatsChart({ rows, category, series, valueKind, label }: StatsChartProps) {
  const [ref, width] = useWidth<HTMLElement>(600);
  const [active, setActive] = useState<{ index: number; keyboard: boolean } | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const drawn = drawnSeries(series);
  const names = rows.map((row) => String((row as Record<string, unknown>)[category.key] ?? ''));
  const values = rows.map((row) =>
    series.map((serie) => {
      const value = (row as Record<string, unknown>)[serie.key];
      return value === null || value === undefined ? null : Number(value);
    }),
  );
  const ariaLabel = `${label} (graphique ; les valeurs sont dans le tableau à côté)`;
  if (rows.length === 0)
    return (
      <figure ref={ref} role="img" aria-label={ariaLabel} style={{ margin: 0 }}>
        <p style={{ color: '#8c8c8c', textAlign: 'center', padding: '48px 0', margin: 0 }}>
          Aucune donnée à représenter.
        </p>
      </figure>
    );

  const horizontal = category.kind === 'text';
  const bars = drawn.filter((serie) => serie.bar).length;
  // A row per name, tall enough for three lines of label and the bars of every series.
  const rowHeight = Math.max(48, series.length * 14 + 16);
  const left = horizontal ? labelWidth(width) : VALUE_AXIS_WIDTH;
  const plotWidth = Math.max(40, width - left - MARGIN.right);
  const plotHeight = horizontal
    ? Math.max(240, rows.length * rowHeight)
    : MONTHS_HEIGHT - MARGIN.top - MARGIN.bottom;
  const height = plotHeight + MARGIN.top + MARGIN.bottom;
  const band = (horizontal ? plotHeight : plotWidth) / rows.length;

  const figures = values.flat().filter((value): value is number => value !== null && Number.isFinite(value));
  const length = horizontal ? plotWidth : plotHeight;
  const ticks = niceTicks(
    Math.min(0, ...figures),
    Math.max(0, ...figures),
    Math.max(2, Math.min(5, Math.floor(length / TICK_SPACING))),
  );
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  /** A value's coordinate along the value axis (x for names, y for months). */
  const scale = (value: number) =>
    horizontal
      ? left + ((value - low) / (high - low)) * length
      : MARGIN.top + ((high - value) / (high - low)) * length;
  /** A category's start along the category axis. */
  const start = (index: number) => (horizontal ? MARGIN.top : left) + index * band;
  /** x, y of a point `along` the category axis and `across` it (the value axis), whatever the layout. */
  const at = (along: number, across: number): [number, number] =>
    horizontal ? [across, along] : [along, across];
  /** A rectangle `along` the category axis from `a` to `b` on the value axis. */
  const box = (along: number, size: number, a: number, b: number) => {
    const [x, y] = at(along, Math.min(a, b));
    const [w, h] = at(size, Math.abs(a - b));
    return { x, y, width: w, height: h };
  };
  const barGap = 2;
  const barSize = Math.min(48, (band * 0.8 - barGap * (bars - 1)) / Math.max(1, bars));
  const barsStart = (band - bars * barSize - barGap * (bars - 1)) / 2;
  const zero = scale(0);
  const monthStep = Math.ceil((rows.length * MONTH_LABEL_WIDTH) / plotWidth);
  const labels = horizontal ? chartLabels(names, lineChars(left), LABEL_LINES) : undefined;
  const title = (index: number) => (horizontal ? names[index]! : moisCourt(names[index]!));

  const move = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : step ? index + step : undefined;
    if (next === undefined || next < 0 || next >= rows.length) return;
    event.preventDefault();
    setFocusIndex(next);
    (event.currentTarget.parentElement?.children[next] as SVGElement | undefined)?.focus();
  };

  const tooltipAt = active ? at(start(active.index) + band / 2, 0) : undefined;
  return (
    <figure ref={ref} role="img" aria-label={ariaLabel} style={{ margin: 0 }}>
      <div style={{ position: 'relative' }} onMouseLeave={() => setActive(null)}>
        <svg width={width} height={height} style={{ display: 'block', overflow: 'visible' }}>
          {ticks.map((tick) => {
            const [x1, y1] = at(horizontal ? MARGIN.top : left, scale(tick));
            const [x2, y2] = at(horizontal ? MARGIN.top + plotHeight : left + plotWidth, scale(tick));
            const [tx, ty] = horizontal ? [x1, MARGIN.top + plotHeight + 16] : [left - 6, y1];
            return (
              <g key={tick} className="stats-chart-tick">
                <line
                  x1={x1}
                  y1={y1}
                  x2={x2}
                  y2={y2}
                  stroke={tick === 0 ? '#8c8c8c' : '#e5e5e5'}
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text
                  x={tx}
                  y={ty}
                  dy={horizontal ? undefined : '0.32em'}
                  textAnchor={horizontal ? 'middle' : 'end'}
                  fontSize={FONT_SIZE}
                  fill="#595959"
                >
                  {axisValue(valueKind, tick)}
                </text>
              </g>
            );
          })}
          <g>
            {names.map((name, index) => (
              <g
                key={index}
                className="stats-chart-category"
                tabIndex={index === Math.min(focusIndex, rows.length - 1) ? 0 : -1}
                style={{ outline: 'none' }}
                onMouseEnter={() => setActive({ index, keyboard: false })}
                onFocus={() => {
                  setFocusIndex(index);
                  setActive({ index, keyboard: true });
                }}
                onBlur={() => setActive(null)}
                onKeyDown={(event) => move(event, index)}
              >
                <rect
                  {...box(start(index), band, scale(low), scale(high))}
                  fill={active?.index === index ? 'rgba(0, 0, 0, 0.05)' : 'transparent'}
                  stroke={active?.index === index && active.keyboard ? '#1d4a85' : undefined}
                  strokeWidth={2}
                />
                {drawn.map((serie, position) => {
                  const value = values[index]![position];
                  if (!serie.bar || value === null || value === undefined) return null;
                  const order = drawn.slice(0, position).filter((other) => other.bar).length;
                  return (
                    <rect
                      key={serie.key}
                      className="stats-chart-bar"
                      data-serie={serie.key}
                      {...box(
                        start(index) + barsStart + order * (barSize + barGap),
                        barSize,
                        zero,
                        scale(value),
                      )}
                      fill={serie.colour}
                    />
                  );
                })}
              </g>
            ))}
          </g>
          {drawn.map((serie, position) => {
            if (serie.bar) return null;
            const points = values.map((row, index) => {
              const value = row[position];
              return value === null || value === undefined ? null : at(start(index) + band / 2, scale(value));
            });
            // A missing figure breaks the line rather than drawing it to zero.
            const path = points
              .map((point, index) => (point ? `${points[index - 1] ? 'L' : 'M'}${point[0]},${point[1]}` : ''))
              .join('');
            return (
              <g key={serie.key} className="stats-chart-line" data-serie={serie.key} pointerEvents="none">
                <path
                  d={path}
                  fill="none"
                  stroke={serie.colour}
                  strokeWidth={2}
                  strokeDasharray={serie.dashes}
                />
                {points.map((point, index) =>
                  point && (!serie.dashes || active?.index === index) ? (
                    <circle
                      key={index}
                      cx={point[0]}
                      cy={point[1]}
                      r={active?.index === index ? 5 : 3}
                      fill="#fff"
                      stroke={serie.colour}
                      strokeWidth={2}
                    />
                  ) : null,
                )}
              </g>
            );
          })}
          {names.map((name, index) => {
            const middle = start(index) + band / 2;
            if (horizontal)
              return <CategoryLabel key={index} x={left} y={middle} name={name} lines={labels!.get(name)!} />;
            if (index % monthStep !== 0) return null;
            return (
              <text
                key={index}
                className="stats-chart-month"
                x={middle}
                y={MARGIN.top + plotHeight + 18}
                textAnchor="middle"
                fontSize={FONT_SIZE}
                fill="#595959"
              >
                {moisCourt(name)}
              </text>
            );
          })}
        </svg>
        {active && tooltipAt && (
          <ChartTooltip
            content={{
              title: title(active.index),
              values: values[active.index]!.map((value) =>
                value === null ? '—' : formatCell(valueKind, value),
              ),
            }}
            series={drawn}
            x={horizontal ? left + plotWidth / 2 : tooltipAt[0]}
            y={horizontal ? Math.min(tooltipAt[1], height - 24 - 18 * series.length) : MARGIN.top}
            width={width}
          />
        )}
      </div>
      <ChartLegend series={drawn} />
    </figure>
  );
}
