CREATE TABLE "reservations_total" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variation" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "reservations_statut_fin_idx";--> statement-breakpoint
CREATE INDEX "reservations_statut_fin_debut_idx" ON "reservations" USING btree ("statut","date_fin","date_debut");--> statement-breakpoint
-- Hand-written below (docs/performance.md « Reservations list »): the number of stays as a sum of variations, one
-- row per INSERT or DELETE statement on reservations, written by that statement (so inside its transaction: a
-- rolled-back booking leaves no variation, a reader's snapshot sees the stays and the variations of the same
-- commits). Concurrent bookings each insert their own row: no row is shared, nothing waits. Updates (a
-- cancellation, a change of dates) never change the number of stays.
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "reservations_total_apres_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_total (variation) SELECT count(*) FROM nouvelles HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reservations_total_apres_suppression"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_total (variation) SELECT -count(*) FROM anciennes HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reservations_total_apres_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reservations_total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_total_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_total_apres_ajout();
--> statement-breakpoint
CREATE TRIGGER "reservations_total_suppression" AFTER DELETE ON "reservations"
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION reservations_total_apres_suppression();
--> statement-breakpoint
CREATE TRIGGER "reservations_total_vidage" AFTER TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION reservations_total_apres_vidage();
--> statement-breakpoint
-- Replaces the variations by their sum. Exact beside concurrent writes: the DELETE removes only the committed
-- variations its snapshot sees (a booking committing meanwhile keeps its own row) and the sum of exactly those is
-- inserted in the same statement; a second compaction running at once skips the rows the first deleted.
CREATE FUNCTION "reservations_total_compacte"() RETURNS void LANGUAGE sql AS $$
  WITH lues AS (DELETE FROM reservations_total RETURNING variation)
  INSERT INTO reservations_total (variation) SELECT coalesce(sum(variation), 0) FROM lues;
$$;
--> statement-breakpoint
-- The stays already there (a database migrated with its data), under the lock taken above.
INSERT INTO "reservations_total" ("variation") SELECT count(*) FROM "reservations";
