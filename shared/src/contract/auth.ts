import { Type, type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH, RESET_TOKEN_PATTERN, type Role } from './auth-values';

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

/** A password chosen by its user (sign-up, change, reset): no composition rules (docs/auth.md « Passwords »). */
const newPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 });

export const SignupBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: newPassword,
    nom: Type.String({ minLength: 1, maxLength: 100 }),
    prenom: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

/** PUT /auth/password: the current password proves it is the account's owner at the keyboard. */
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 256 }),
    password: newPassword,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The new password revokes every token: `token` is this session's, signed again, for the client to keep. */
export const ChangePasswordResponse = Type.Object(
  { message: Type.String(), token: Type.String() },
  { additionalProperties: false },
);
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;

export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ pattern: RESET_TOKEN_PATTERN }), password: newPassword },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

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
  /** The user's token version when it was signed: a new password, role or activation raise it (all revoked). */
  ver: number;
  /** The session (`user_sessions.id`, a UUID): a logout revokes it, and only it. */
  sid: string;
  iat: number;
  exp: number;
}
