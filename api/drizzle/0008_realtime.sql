CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The live feed (api/src/plugins/realtime): every audited change of a request, a stay or a user account notifies
-- `changements` with { entite, id, par } after its transaction commits. Each API node listens: it tells the followers
-- of a request or stay that someone else changed it, and re-checks the sockets of a changed user account
-- (deactivated, logged out, new role).
CREATE FUNCTION "changement_audite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('changements', json_build_object(
    'entite', NEW.entity, 'id', NEW.entity_id, 'action', NEW.action, 'par', NEW.actor_user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "changement_audite" AFTER INSERT ON "audit_log" FOR EACH ROW
  WHEN (NEW.entity IN ('demande_hebergement', 'reservation', 'user'))
  EXECUTE FUNCTION "changement_audite"();
