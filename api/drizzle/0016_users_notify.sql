-- The token check keeps the users in memory between two writes to `users` (api/src/modules/auth/token-users.ts):
-- every statement that changes them — a logout or a new password (token version), a role, a deactivation, an
-- account created or removed, from any API node or from psql — notifies `users`, delivered when its transaction
-- commits (one notification per transaction: PostgreSQL folds identical ones).
CREATE FUNCTION "utilisateurs_modifies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utilisateurs_modifies AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION utilisateurs_modifies();
