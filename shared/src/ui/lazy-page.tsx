import { lazy, Suspense, type ComponentType } from 'react';
import { ContentSpinner } from './full-page-spinner';

/**
 * A remote's page loaded when it is first shown: its `./pages` table stays small, so that the first visit of one
 * page downloads only that page's code and the antd components it renders, not those of the others (issue 37 §5,
 * docs/performance.md « JavaScript fetched by the browser »).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    return (
      <Suspense fallback={<ContentSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
