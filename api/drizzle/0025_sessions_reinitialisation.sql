CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_format" CHECK ("password_resets"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "courriels" ADD COLUMN "confidentiel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
-- Hand-written below. The token check keeps each session's state in memory between two notifications of `users`
-- (api/src/modules/auth/token-users.ts, migration 0016): a revocation (UPDATE), or the removal of a session still
-- valid, notifies `users` when its transaction commits. A new session does not: no token carries its id before its
-- INSERT commits, so nothing kept in memory can be stale, and a login does not empty every node's memory.
CREATE TRIGGER "user_sessions_modifiees" AFTER UPDATE OR TRUNCATE ON "user_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION utilisateurs_modifies();
--> statement-breakpoint
CREATE FUNCTION "sessions_supprimees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM supprimees WHERE revoked_at IS NULL AND expires_at > now()) THEN
    PERFORM pg_notify('users', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_sessions_supprimees" AFTER DELETE ON "user_sessions"
  REFERENCING OLD TABLE AS supprimees FOR EACH STATEMENT EXECUTE FUNCTION sessions_supprimees();
