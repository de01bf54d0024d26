import { lazy, Suspense } from 'react';
import { ContentSpinner } from 'shared';

const Page = lazy(() =>
  import('./components/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

/** The not-found page, loaded when first shown: its illustration is not part of the first load. */
export function NotFound() {
  return (
    <Suspense fallback={<ContentSpinner />}>
      <Page />
    </Suspense>
  );
}
