import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * How long after the shell is shown the parts that the first screen does not need are loaded (then in the
 * browser's idle time): the live feed and its socket, the connection dot, « Tâches ». They stay out of the first
 * load's bytes (budget: e2e/tests/first-load.test.ts) and of its main-thread time (docs/performance.md).
 */
export const DEFERRED_DELAY_MS = 2_500;

/** Runs `run` once `delayMs` have passed and the browser is idle; returns the cancel function. */
export function whenIdleAfter(delayMs: number, run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 2_000 });
    else run();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * A component whose code is fetched only DEFERRED_DELAY_MS after it is first rendered (nothing is shown until
 * then): for what a staff member does not need in the first seconds.
 */
export function deferred<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Lazy = lazy(load);
  function Deferred(props: P) {
    const [ready, setReady] = useState(false);
    useEffect(() => whenIdleAfter(DEFERRED_DELAY_MS, () => setReady(true)), []);
    return ready ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  }
  return Deferred;
}
