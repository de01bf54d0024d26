/** The axis font's size and line height, and the average width of one of its characters. */
export const FONT_SIZE = 12;
const LINE_HEIGHT = 14;
const CHAR_WIDTH = 6.4;
export const LABEL_LINES = 3;

/** How many characters of the axis font a line of a label `width` px wide holds. */
export const lineChars = (width: number) => Math.max(6, Math.floor((width - 8) / CHAR_WIDTH));

/** A name left of its row: its lines (`chartLabels`) right-aligned and centred on the row, the full name as tooltip. */
export function CategoryLabel({
  x,
  y,
  name,
  lines,
}: {
  x: number;
  y: number;
  name: string;
  lines: string[];
}) {
  return (
    <g
      className="stats-chart-name"
      transform={`translate(${x},${y - ((lines.length - 1) * LINE_HEIGHT) / 2})`}
    >
      <title>{name}</title>
      <text textAnchor="end" fontSize={FONT_SIZE} fill="#595959" dy="0.32em">
        {lines.map((line, index) => (
          <tspan key={index} x={-6} dy={index === 0 ? 0 : LINE_HEIGHT}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
