/** Error rethrown by every call: carries the server's French message, the status and the body. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const DEFAULT_MESSAGES = {
  notFound: "Quelque chose s'est mal passé",
  forbidden: "Vous n'êtes pas autorisé à accéder à cette ressource.",
  network: 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
  unknown: 'Une erreur est survenue. Réessayez plus tard.',
} as const;
