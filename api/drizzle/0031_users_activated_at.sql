-- « En attente » (a sign-up never activated) and « désactivé » (activated once, then shut out) are both
-- `active = false`: `activated_at` tells them apart. Set by the database whenever an account becomes active, first
-- time only, whichever code path or psql session does it.
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;
--> statement-breakpoint
CREATE FUNCTION "users_activated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.active AND NEW.activated_at IS NULL THEN
    NEW.activated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_activated_at" BEFORE INSERT OR UPDATE OF "active" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_activated_at"();
--> statement-breakpoint
-- The accounts that exist: the active ones since their creation; an inactive one that the audit trail shows active
-- once (created active by an administrator, or activated) since then. The others never were: still pending.
UPDATE "users" SET "activated_at" = "created_at" WHERE "active";
--> statement-breakpoint
UPDATE "users" u SET "activated_at" = first."at"
  FROM (
    SELECT a."entity_id", min(a."at") AS "at" FROM "audit_log" a
    WHERE a."entity" = 'user' AND a."after" ->> 'active' = 'true'
    GROUP BY a."entity_id"
  ) first
  WHERE NOT u."active" AND first."entity_id" = u."id"::text;
