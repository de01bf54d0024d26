// The authentication constants the shell needs at start-up, free of any schema library: the login page and the
// session check read them through `shared` without downloading TypeBox (auth.ts re-exports them for the API).

/** Named roles. `admin` manages reference data, contracts and users; `agent` is the booking-centre staff. */
export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  agent: 'Agent',
};

/** Minimum password length accepted at sign-up (OWASP ASVS 2.1.1). */
export const PASSWORD_MIN_LENGTH = 10;

/** Paths of the authentication calls (the spec leaves them open; see docs/auth.md). */
export const AUTH_PATHS = {
  login: '/auth/login',
  signup: '/auth/signup',
  me: '/auth/me',
  /** Ends the session of the token it is called with, and only that one (docs/auth.md « Sessions »). */
  logout: '/auth/logout',
  /** Ends every session of the user, this one included (« Déconnecter toutes mes sessions »). */
  logoutAll: '/auth/logout-all',
  /** PUT: the signed-in user's new password, given the current one. */
  password: '/auth/password',
  /** POST, public: sends a reset link to the address when it has an active account. */
  forgotPassword: '/auth/password/forgot',
  /** POST, public: a new password with the link's token. */
  resetPassword: '/auth/password/reset',
} as const;

/** The host's public page a reset link opens, `?token=<token>` (the API writes the link into the e-mail). */
export const RESET_PASSWORD_PAGE = '/reinitialiser-mot-de-passe';
/** The host's public page where a reset link is asked for. */
export const FORGOT_PASSWORD_PAGE = '/mot-de-passe-oublie';
/** The reset link's lifetime, in minutes. */
export const RESET_LINK_MINUTES = 60;
/** A reset token: 32 random bytes in base64url. */
export const RESET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
