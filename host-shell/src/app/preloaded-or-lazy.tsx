import { useState, type ComponentType } from 'react';

/**
 * A page rendered directly when its chunk has already run (preloaded at start-up), through `lazy` otherwise. The
 * choice is made once per mount, so a chunk arriving later never swaps the component under a mounted page.
 */
export function preloadedOrLazy<P extends object = object>(
  loaded: () => ComponentType<P> | undefined,
  Lazy: ComponentType<P>,
): ComponentType<P> {
  return function Page(props: P) {
    const [Loaded] = useState(loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
