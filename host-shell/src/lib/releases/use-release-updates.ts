import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { REALTIME_EVENTS } from 'shared';
import { realtimeStore, subscribeRealtime } from 'shared/realtime';
import { revalidateRegistry, revalidateRegistryOnNavigation } from './remote-releases';

/**
 * Keeps the open tab on the registry of releases (docs/micro-frontends.md « Onglets ouverts »): every promote or
 * rollback reaches it as the socket's `registre` event; a socket that opens (the first time, or coming back) may
 * have missed some, so it reads the registry again; with no socket open, a navigation re-reads it at most every
 * 30 s (ETag, 304 when unchanged).
 * Mounted with the live feed, after the first paint: nothing of it is on the login page.
 */
export function useReleaseUpdates(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    const unsubscribe = subscribeRealtime(REALTIME_EVENTS.registre, () => void revalidateRegistry());
    let wasOpen = realtimeStore.getState().state === 'open';
    // Every opening, the first one included: the socket opens seconds after the start-up read of the registry
    // (the live feed waits for the first screen to be idle), and a change made in between sends no event to it.
    const unsubscribeStatus = realtimeStore.subscribe(({ state }) => {
      const open = state === 'open';
      if (open && !wasOpen) void revalidateRegistry();
      wasOpen = open;
    });
    return () => {
      unsubscribe();
      unsubscribeStatus();
    };
  }, []);

  useEffect(() => {
    // The shell's own mount is not a navigation: the registry was just read at start-up.
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void revalidateRegistryOnNavigation(realtimeStore.getState().state === 'open');
  }, [pathname]);
}
