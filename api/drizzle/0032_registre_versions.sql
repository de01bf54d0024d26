-- The registry of releases (issue 38 §2, docs/database.md « The registry of releases »).
CREATE TABLE "release_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"from_id" text,
	"to_id" text,
	"canary_percent" integer,
	"reason" text,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_events_action_valid" CHECK ("release_events"."action" in ('register', 'promote', 'canary', 'rollback', 'canary_rollback')),
	CONSTRAINT "release_events_actor_kind_valid" CHECK ("release_events"."actor_kind" in ('user', 'cli')),
	CONSTRAINT "release_events_actor_consistent" CHECK (("release_events"."actor_kind" = 'user') = ("release_events"."actor_user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "release_pointers" (
	"remote" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"canary_id" text,
	"canary_percent" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_pointers_canary_percent_valid" CHECK ("release_pointers"."canary_percent" between 1 and 99),
	CONSTRAINT "release_pointers_canary_consistent" CHECK (("release_pointers"."canary_id" is null) = ("release_pointers"."canary_percent" is null)),
	CONSTRAINT "release_pointers_canary_not_live" CHECK ("release_pointers"."canary_id" <> "release_pointers"."live_id"),
	CONSTRAINT "release_pointers_version_valid" CHECK ("release_pointers"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"remote" text NOT NULL,
	"id" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"commit" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"files_count" integer NOT NULL,
	"first_visit_bytes" integer,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" text NOT NULL,
	CONSTRAINT "releases_pkey" PRIMARY KEY("remote","id"),
	CONSTRAINT "releases_remote_format" CHECK ("releases"."remote" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)+$' and char_length("releases"."remote") <= 40),
	CONSTRAINT "releases_id_format" CHECK ("releases"."id" ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$'),
	CONSTRAINT "releases_files_count_valid" CHECK ("releases"."files_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointers" ADD CONSTRAINT "release_pointers_live_fk" FOREIGN KEY ("remote","live_id") REFERENCES "public"."releases"("remote","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointers" ADD CONSTRAINT "release_pointers_canary_fk" FOREIGN KEY ("remote","canary_id") REFERENCES "public"."releases"("remote","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_events_remote_idx" ON "release_events" USING btree ("remote","id");--> statement-breakpoint
CREATE INDEX "releases_id_idx" ON "releases" USING btree ("id");
--> statement-breakpoint
-- Every change of a pointer, whichever code path or psql session makes it, tells every API node (channel
-- `registry`, delivered at commit): each drops the registry it serves from memory (modules/releases/served-registry.ts).
CREATE FUNCTION "release_pointers_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registry', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "release_pointers_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "release_pointers"
  FOR EACH STATEMENT EXECUTE FUNCTION "release_pointers_notify"();
