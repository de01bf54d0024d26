import { Suspense, use, useState } from 'react';
import { ContentSpinner, type RouteDef } from 'shared';
import { loadRemotePages } from '../load-remote-pages';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFallback } from './remote-fallback';

function LoadedPage({ pages, route }: { pages: ReturnType<typeof loadRemotePages>; route: RouteDef }) {
  const Page = use(pages)[route.id];
  if (!Page) throw new Error(`La page ${route.id} n'est pas exposée par ${route.remote}`);
  return <Page />;
}

/** A dashboard route owned by a remote: loaded lazily on first visit, isolated behind its own error boundary. */
export function RemotePage({ route }: { route: RouteDef }) {
  const [attempt, setAttempt] = useState(0);
  const [pages, setPages] = useState(() => loadRemotePages(route.remote));
  const retry = () => {
    setPages(loadRemotePages(route.remote));
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      resetKey={`${route.id}#${attempt}`}
      fallback={(error) => <RemoteFallback error={error} title={route.title} onRetry={retry} />}
    >
      <Suspense fallback={<ContentSpinner label="Chargement du module…" />}>
        <LoadedPage pages={pages} route={route} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
