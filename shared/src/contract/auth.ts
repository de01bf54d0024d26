import { Type, type Static } from 'typebox';

/** Named roles. `admin` manages reference data, contracts and users; `agent` is the booking-centre staff. */
export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('agent')]);

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  agent: 'Agent',
};

/** Minimum password length accepted at sign-up (OWASP ASVS 2.1.1). */
export const PASSWORD_MIN_LENGTH = 10;

export const LoginBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object(
  {
    token: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: false },
);
export type LoginResponse = Static<typeof LoginResponse>;

export const SignupBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 }),
    nom: Type.String({ minLength: 1, maxLength: 100 }),
    prenom: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const CurrentUser = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    nom: Type.String(),
    prenom: Type.String(),
    role: RoleSchema,
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CurrentUser = Static<typeof CurrentUser>;

/** Claims of the JWT the API signs. `sub` (the user id) is the subject claim that unlocks the extra routes. */
export interface TokenClaims {
  sub: string;
  role: Role;
  name: string;
  email: string;
  iat: number;
  exp: number;
}

/** Paths of the authentication calls (the spec leaves them open; see docs/auth.md). */
export const AUTH_PATHS = {
  login: '/auth/login',
  signup: '/auth/signup',
  me: '/auth/me',
} as const;
