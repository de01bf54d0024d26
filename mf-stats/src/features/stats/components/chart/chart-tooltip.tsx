import type { DrawnSerie } from './series';

export interface TooltipContent {
  title: string;
  /** Each serie's figure, already in French. */
  values: readonly string[];
}

const MIN_WIDTH = 160;

/**
 * The figures of one category (a month, a name) beside the point the pointer or the keyboard is on: left of it in
 * the chart's right half, right of it otherwise, so that it never leaves the chart.
 */
export function ChartTooltip({
  content,
  series,
  x,
  y,
  width,
}: {
  content: TooltipContent;
  series: readonly DrawnSerie[];
  x: number;
  y: number;
  width: number;
}) {
  const before = x > width / 2;
  const room = before ? x - 12 : width - x - 12;
  // On a narrow chart (a phone) there is no room beside the point: the tooltip takes the chart's width.
  const side =
    room < MIN_WIDTH ? { left: 0, right: 0 } : before ? { right: width - x + 12 } : { left: x + 12 };
  return (
    <div
      role="tooltip"
      className="stats-chart-tooltip"
      style={{
        position: 'absolute',
        top: y,
        ...side,
        pointerEvents: 'none',
        background: '#fff',
        border: '1px solid #d9d9d9',
        borderRadius: 4,
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
        padding: '6px 10px',
        fontSize: 12,
        lineHeight: '18px',
        color: '#262626',
        maxWidth: room < MIN_WIDTH ? undefined : room,
        zIndex: 1,
      }}
    >
      <div style={{ fontWeight: 600 }}>{content.title}</div>
      {series.map((serie, index) => (
        <div key={serie.key}>
          <span
            aria-hidden="true"
            style={{
              display: 'inline-block',
              width: 8,
              height: 8,
              marginRight: 6,
              background: serie.colour,
            }}
          />
          {serie.label} : {content.values[index]}
        </div>
      ))}
    </div>
  );
}
