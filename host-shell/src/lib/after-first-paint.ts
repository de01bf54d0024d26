import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted the frame being prepared: a task queued from `requestAnimationFrame` runs
 * after that frame's paint (an effect alone may run before it). Returns the cancel function.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * False in the component's first commit, true from the frame after it has been painted: what a screen renders only
 * when this is true costs nothing to its first paint (the dashboard's LCP, docs/performance.md). Once true it stays
 * true for the component's life.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
