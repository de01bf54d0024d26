import { Type, type Static } from 'typebox';
import { CurrentUser, PASSWORD_MIN_LENGTH, RoleSchema } from './auth';

/** Users administration (administrators only). Paths under the API prefix; see docs/api.md. */
export const USERS_PATH = '/users';

/**
 * Where an account stands: `actif` (may log in), `en_attente` (signed up, never activated yet), `desactive`
 * (activated once, then shut out by an administrator). From `users.active` and `users.activated_at`.
 */
export const USER_STATUTS = ['actif', 'en_attente', 'desactive'] as const;
export type UserStatut = (typeof USER_STATUTS)[number];
export const USER_STATUT_LABELS: Record<UserStatut, string> = {
  actif: 'Actif',
  en_attente: 'En attente',
  desactive: 'Désactivé',
};

export const UsersQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    /** Substring of the name (nom or prénom) or the e-mail, case and accents aside. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(RoleSchema),
    statut: Type.Optional(Type.Enum(USER_STATUTS)),
  },
  { additionalProperties: false },
);
export type UsersQuery = Static<typeof UsersQuery>;

/** An account in the administrators' list: the user and where the account stands. */
export const UserItem = Type.Object(
  { ...CurrentUser.properties, statut: Type.Enum(USER_STATUTS) },
  { additionalProperties: false },
);
export type UserItem = Static<typeof UserItem>;

export const UsersPage = Type.Object(
  { users: Type.Array(UserItem), total: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type UsersPage = Static<typeof UsersPage>;

export const UserIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

export const ActivationBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
export type ActivationBody = Static<typeof ActivationBody>;

const password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 });

/** An administrator creates an active account with a temporary password they hand over. */
export const CreateUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    nom: Type.String({ minLength: 1, maxLength: 100 }),
    prenom: Type.String({ minLength: 1, maxLength: 100 }),
    role: RoleSchema,
    password,
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const CreatedUser = Type.Object(
  { message: Type.String(), data: CurrentUser },
  { additionalProperties: false },
);
export type CreatedUser = Static<typeof CreatedUser>;

export const RoleBody = Type.Object({ role: RoleSchema }, { additionalProperties: false });
export type RoleBody = Static<typeof RoleBody>;

export const PasswordBody = Type.Object({ password }, { additionalProperties: false });
export type PasswordBody = Static<typeof PasswordBody>;
