import { apiOrigin, authStore, readToken, REALTIME_PATH } from 'shared';
import { publishRealtimeEvent, setRealtimeConnection, setRealtimeStatus } from 'shared/realtime';
import { REALTIME_SOCKET_OPTIONS, socketErrorMessage } from './socket-options';

export interface RealtimeCallbacks {
  /** Every connection after the first: ask for what was missed meanwhile. */
  onReconnect(): void;
}

/**
 * Opens the product's one socket (spec §7 « Realtime », §9's constants) on the API's origin. socket.io-client is
 * imported here, dynamically: it is never on the login → dashboard path (docs/performance.md, first-load budget).
 * Returns the function that closes it.
 */
export async function connectRealtime(callbacks: RealtimeCallbacks): Promise<() => void> {
  const { io } = await import('socket.io-client');
  setRealtimeStatus({ state: 'opening', error: null });
  let handshakeToken = readToken();
  const socket = io(apiOrigin(), {
    ...REALTIME_SOCKET_OPTIONS,
    transports: [...REALTIME_SOCKET_OPTIONS.transports],
    path: REALTIME_PATH,
    // Read at each attempt: the token of the current session, not the one at the first connection.
    auth: (send) => {
      handshakeToken = readToken();
      send({ token: handshakeToken ?? '' });
    },
  });
  let connectedOnce = false;
  // A new token for this session (« Mon compte »: a new password signs it again) revokes the one the socket was opened
  // with, and the server closes such a socket without socket.io reconnecting: reopen it with the new token, whichever
  // of the two comes first.
  const unsubscribeAuth = authStore.subscribe(() => {
    const token = readToken();
    if (token === null || token === handshakeToken) return;
    handshakeToken = token;
    socket.disconnect();
    socket.connect();
  });

  socket.on('connect', () => {
    setRealtimeStatus({ state: 'open', error: null });
    setRealtimeConnection({ emit: (event, payload) => void socket.emit(event, payload) });
    if (connectedOnce) callbacks.onReconnect();
    connectedOnce = true;
  });
  socket.on('connect_error', (error) => {
    // Spec §8: loading errors are only logged; the state shows in the top bar.
    console.error('Temps réel :', socketErrorMessage(error));
    setRealtimeStatus({ state: socket.active ? 'opening' : 'closed', error: socketErrorMessage(error) });
    // A refused handshake (token expired, revoked) is not retried by socket.io: the next HTTP call's 401 logs out.
  });
  socket.on('disconnect', (reason) => {
    setRealtimeConnection(null);
    setRealtimeStatus({ state: socket.active ? 'opening' : 'closed', error: socketErrorMessage(reason) });
  });
  socket.io.on('reconnect_attempt', () => setRealtimeStatus({ state: 'opening' }));
  // Every server event ('notification', 'changement', a task's progress…) goes to the subscribers in `shared`.
  socket.onAny((event: string, payload: unknown) => publishRealtimeEvent(event, payload));

  return () => {
    unsubscribeAuth();
    setRealtimeConnection(null);
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
    setRealtimeStatus({ state: 'closed', error: null });
  };
}
