/**
 * What the rest of the API may use of auth (docs/api.md « Modules et couches »): the token check of plugins/auth.ts
 * reads the JWT secret, the password hasher, the session claim and the users known to the tokens.
 */
export { resolveJwtSecret } from './jwt-secret';
export {
  createPasswordHasher,
  HashingBusyError,
  type HashingLimits,
  type PasswordHasher,
  type ScryptParams,
} from './password';
export { SESSION_ID, type TokenPayload } from './sessions';
export { tokenUsers } from './token-users';
