import { lazy, Suspense, use, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ContentSpinner, type RouteDef } from 'shared';
import { useStore } from 'zustand';
import { loadRemotePages } from '../load-remote-pages';
import { remoteReleasesStore } from '../../../lib/releases/remote-releases';
import { NewReleaseBanner } from './new-release-banner';
import { RemoteErrorBoundary } from './remote-error-boundary';

// The failure's screen (antd's Result, the host's `extras` file) is fetched when a remote fails, not with every
// remote page: a list's first visit downloaded it for nothing (issue 37 §5).
const RemoteFallback = lazy(() =>
  import('./remote-fallback').then((module) => ({ default: module.RemoteFallback })),
);

function LoadedPage({ pages, route }: { pages: ReturnType<typeof loadRemotePages>; route: RouteDef }) {
  const Page = use(pages)[route.id];
  if (!Page) throw new Error(`La page ${route.id} n'est pas exposée par ${route.remote}`);
  return <Page />;
}

const isStale = (remote: string) => remoteReleasesStore.getState().stale[remote] === true;

/**
 * A loaded remote the registry moved on from (docs/micro-frontends.md « Onglets ouverts »): the page on screen keeps
 * its release, with the banner; the next navigation into the remote (arriving at it, or moving between its pages)
 * is a full page load, which starts on the new release.
 */
function useReleaseSwitch(remote: string): { stale: boolean; reloading: boolean } {
  const stale = useStore(remoteReleasesStore, (state) => state.stale[remote] === true);
  const { pathname } = useLocation();
  const arrivedAt = useRef(pathname);
  const [reloading, setReloading] = useState(() => isStale(remote));
  const reloadAsked = useRef(false);
  useEffect(() => {
    if (reloadAsked.current) return;
    if (reloading || (pathname !== arrivedAt.current && isStale(remote))) {
      reloadAsked.current = true;
      setReloading(true);
      window.location.reload();
    }
  }, [pathname, reloading, remote]);
  return { stale, reloading };
}

/** A dashboard route owned by a remote: loaded lazily on first visit, isolated behind its own error boundary. */
export function RemotePage({ route }: { route: RouteDef }) {
  const [attempt, setAttempt] = useState(0);
  const [pages, setPages] = useState(() => loadRemotePages(route.remote));
  const { stale, reloading } = useReleaseSwitch(route.remote);
  const releaseId = useStore(remoteReleasesStore, (state) => state.loaded[route.remote]?.releaseId);
  const retry = () => {
    setPages(loadRemotePages(route.remote));
    setAttempt((n) => n + 1);
  };
  if (reloading) return <ContentSpinner label="Chargement de la nouvelle version du module…" />;
  return (
    // The release on screen, for the browser tests of delivery (no box of its own: the page lays out as before).
    <div data-remote={route.remote} data-release={releaseId ?? undefined} style={{ display: 'contents' }}>
      {stale && <NewReleaseBanner />}
      <RemoteErrorBoundary
        resetKey={`${route.id}#${attempt}`}
        fallback={(error) => (
          <Suspense fallback={<ContentSpinner />}>
            <RemoteFallback error={error} title={route.title} onRetry={retry} />
          </Suspense>
        )}
      >
        <Suspense fallback={<ContentSpinner label="Chargement du module…" />}>
          <LoadedPage pages={pages} route={route} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
