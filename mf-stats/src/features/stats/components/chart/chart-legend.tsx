import type { DrawnSerie } from './series';

/** The series' names under the chart, each with its mark: a square for bars, a line (dashed for N-1) for lines. */
export function ChartLegend({ series }: { series: readonly DrawnSerie[] }) {
  return (
    <ul
      className="stats-chart-legend"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        margin: '4px 0 0',
        padding: 0,
        fontSize: 12,
        color: '#595959',
      }}
    >
      {series.map((serie) => (
        <li key={serie.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <svg width={18} height={10} aria-hidden="true">
            {serie.bar ? (
              <rect x={4} width={10} height={10} fill={serie.colour} />
            ) : (
              <line
                x1={0}
                x2={18}
                y1={5}
                y2={5}
                stroke={serie.colour}
                strokeWidth={2}
                strokeDasharray={serie.dashes}
              />
            )}
          </svg>
          {serie.label}
        </li>
      ))}
    </ul>
  );
}
