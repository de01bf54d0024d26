/** What other modules may call of the users (docs/api.md « Modules et couches »): the accounts' repository. */
export {
  auditSnapshot,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  revokeUserTokens,
  toCurrentUser,
  updateUser,
} from './repository';
