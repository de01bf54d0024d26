import { Type, type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH, type Role } from './auth-values';

export * from './auth-values';

export const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('agent')]);

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
  /** The user's token version when it was signed: logout, a new password, role or activation raise it (revoked). */
  ver: number;
  iat: number;
  exp: number;
}
