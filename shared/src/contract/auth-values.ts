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
  /** Revokes every token of the user signed so far (docs/auth.md). */
  logout: '/auth/logout',
} as const;
