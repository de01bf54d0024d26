/**
 * The ticks of a value axis: round steps (1, 2, 2.5 or 5 × 10ⁿ; 2.5 only from 25 up, so counts keep whole
 * ticks), about `count` of them, from a multiple of the step at
 * or below `min` to one at or above `max`. Zero is a tick whenever the range holds it, so bars start from a line.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return min === 0 ? [0, 1] : niceTicks(Math.min(0, min), Math.max(0, max) || 1, count);
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factors = power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const step = (factors.find((factor) => factor * power >= raw) ?? 10) * power;
  const first = Math.floor(min / step);
  const last = Math.ceil(max / step);
  // toPrecision: 0.1 + 0.2 reads 0.3, not 0.30000000000000004.
  return Array.from({ length: last - first + 1 }, (_, index) =>
    Number(((first + index) * step).toPrecision(12)),
  );
}
