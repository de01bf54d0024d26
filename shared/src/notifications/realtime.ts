import { useEffect, useRef } from 'react';
import { createStore } from 'zustand/vanilla';
import { REALTIME_EVENTS, type ChangementEvent, type SuiviEntite } from '../contract/notification-values';

/**
 * The live feed as the remotes see it (issue 12 §2). The host owns the one socket.io connection and plugs it in
 * here (`setRealtimeConnection`, `publishRealtimeEvent`); remotes only subscribe (`useRealtimeEvent`,
 * `useFollowEntity`) through `shared`, a federation singleton: one connection, whichever app listens.
 */

/** Spec §4: the connection's states. */
export type RealtimeState = 'closed' | 'opening' | 'open';

export interface RealtimeStatus {
  state: RealtimeState;
  /** The last connection error, in French; null once connected. */
  error: string | null;
}

export const realtimeStore = createStore<RealtimeStatus>(() => ({ state: 'closed', error: null }));

export function setRealtimeStatus(status: Partial<RealtimeStatus>): void {
  realtimeStore.setState(status);
}

/** What the host plugs in: a way to send to the server. */
export interface RealtimeConnection {
  emit(event: string, payload: unknown): void;
}

let connection: RealtimeConnection | null = null;
type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
/** Follows by `entite:id`, counted: two cards on the same request follow it once, until both close. */
const follows = new Map<string, number>();

const followKey = (entite: SuiviEntite, id: number) => `${entite}:${id}`;
const parseFollowKey = (key: string) => {
  const [entite, id] = key.split(':');
  return { entite: entite as SuiviEntite, id: Number(id) };
};

/** Host only: the connection once open (null when closed). Follows in force are sent again on each connection. */
export function setRealtimeConnection(next: RealtimeConnection | null): void {
  connection = next;
  if (next) for (const key of follows.keys()) next.emit(REALTIME_EVENTS.suivre, parseFollowKey(key));
}

/** Host only: hands an event received on the socket to every subscriber. */
export function publishRealtimeEvent(event: string, payload: unknown): void {
  for (const handler of [...(handlers.get(event) ?? [])]) {
    try {
      handler(payload);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Subscribes to an event of the live feed; returns the unsubscribe function. */
export function subscribeRealtime<T>(event: string, handler: (payload: T) => void): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  handlers.set(event, set);
  set.add(handler as Handler);
  return () => void set.delete(handler as Handler);
}

/** Tells the server this request or stay is open here; returns the function that stops following. */
export function followEntity(entite: SuiviEntite, id: number): () => void {
  const key = followKey(entite, id);
  const count = follows.get(key) ?? 0;
  follows.set(key, count + 1);
  if (count === 0) connection?.emit(REALTIME_EVENTS.suivre, { entite, id });
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const left = (follows.get(key) ?? 1) - 1;
    if (left > 0) follows.set(key, left);
    else {
      follows.delete(key);
      connection?.emit(REALTIME_EVENTS.ne_plus_suivre, { entite, id });
    }
  };
}

/** Calls `handler` with each `event` of the live feed while the component is mounted. */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime<T>(event, (payload) => latest.current(payload)), [event]);
}

/**
 * While mounted, follows a request or stay: `onChange` runs when it is changed (by a colleague, or by the system),
 * e.g. to invalidate the card's query. Nothing happens without the host's connection (standalone: the mocks).
 */
export function useFollowEntity(
  entite: SuiviEntite,
  id: number | undefined,
  onChange: (event: ChangementEvent) => void,
): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (id === undefined || !Number.isSafeInteger(id)) return undefined;
    const stop = followEntity(entite, id);
    const unsubscribe = subscribeRealtime<ChangementEvent>(REALTIME_EVENTS.changement, (event) => {
      if (event.entite === entite && event.id === id) latest.current(event);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [entite, id]);
}
