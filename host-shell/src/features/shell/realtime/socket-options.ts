// Loaded with the socket only (connect-realtime.ts, a lazy chunk): never on the first load.

/** Spec §9: the socket's constants. */
export const REALTIME_SOCKET_OPTIONS = {
  transports: ['websocket'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;

/**
 * Spec §8's socket errors, in French. socket.io-client's own texts are the keys; anything else (the server's
 * refusal, already French) is shown as it is.
 */
export const SOCKET_ERROR_MESSAGES: Record<string, string> = {
  'operation has timed out': 'Le délai de connexion au service temps réel est dépassé.',
  timeout: 'Le service temps réel ne répond pas (délai dépassé).',
  'socket has been disconnected': 'La connexion temps réel a été interrompue.',
  'parse error': 'Message temps réel illisible reçu du serveur.',
  'server version incompatible':
    "La version du service temps réel est incompatible avec l'application. Rechargez la page.",
  'websocket error': 'Le service temps réel est injoignable.',
  'xhr poll error': 'Le service temps réel est injoignable.',
  'transport close': 'La connexion temps réel a été interrompue.',
  'transport error': 'La connexion temps réel a été interrompue.',
  'ping timeout': 'Le service temps réel ne répond plus.',
  'io server disconnect': 'Le serveur a fermé la connexion temps réel.',
};

/** The French text of a socket error or disconnection reason. */
export function socketErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const known = SOCKET_ERROR_MESSAGES[raw.toLowerCase()];
  if (known) return known;
  // engine.io's protocol mismatch: « unsupported protocol version » / « server version … ».
  if (/version/i.test(raw)) return SOCKET_ERROR_MESSAGES['server version incompatible']!;
  return raw === '' ? 'La connexion temps réel a échoué.' : raw;
}
