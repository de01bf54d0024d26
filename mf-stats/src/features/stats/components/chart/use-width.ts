import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it changes (ResizeObserver), so that the chart draws at its card's width
 * on a phone as on a wide screen. `fallback` until the element has been measured (or where nothing is laid out).
 * The element must be rendered from the first render on: it is looked up once.
 */
export function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width || fallback] as const;
}
