ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Hand-written below (a trigger drizzle-kit cannot express): whatever writes the row — the users service, a
-- script, a future self-service password change — a new password, a new role or a change of activation revokes
-- every token signed before it. Deactivating then reactivating raises the version twice: the old token stays dead.
CREATE FUNCTION "users_revoke_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.token_version := OLD.token_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_revoke_tokens" BEFORE UPDATE OF "password_hash", "role", "active" ON "users"
  FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION "users_revoke_tokens"();
