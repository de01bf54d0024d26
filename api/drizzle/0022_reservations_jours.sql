CREATE TABLE "reservations_jours" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statut" text NOT NULL,
	"bord" text NOT NULL,
	"jour" date NOT NULL,
	"variation" integer NOT NULL,
	CONSTRAINT "reservations_jours_bord_valid" CHECK ("reservations_jours"."bord" in ('debut', 'fin'))
);
--> statement-breakpoint
CREATE INDEX "reservations_jours_somme_idx" ON "reservations_jours" USING btree ("bord","statut","jour","variation");--> statement-breakpoint
-- Hand-written below (docs/database.md « Stays counted by day »): for each status, the number of stays starting and
-- ending on each day, as variations written by the statement that inserts, updates or deletes the stays (inside its
-- transaction: a reader's snapshot sees the stays and their variations of the same commits; a rolled-back booking
-- leaves none). Each statement inserts its own rows, grouped by status, side and day: concurrent bookings share no
-- row, nothing waits. An update writes the difference between the rows it left and the rows it found: a status or
-- a date changed moves one stay from one day to another, any other update cancels out and writes nothing.
-- The number of stays of a status with at least one night in [a, b) is the sum of the `fin` rows after a minus the
-- sum of the `debut` rows from b on (a stay starting on or after b ends after a: date_fin > date_debut).
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "reservations_jours_apres_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_jours (statut, bord, jour, variation)
    SELECT statut, bord, jour, count(*) FROM (
      SELECT statut, 'debut' AS bord, date_debut AS jour FROM nouvelles
      UNION ALL SELECT statut, 'fin', date_fin FROM nouvelles
    ) v GROUP BY statut, bord, jour;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reservations_jours_apres_suppression"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_jours (statut, bord, jour, variation)
    SELECT statut, bord, jour, -count(*) FROM (
      SELECT statut, 'debut' AS bord, date_debut AS jour FROM anciennes
      UNION ALL SELECT statut, 'fin', date_fin FROM anciennes
    ) v GROUP BY statut, bord, jour;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reservations_jours_apres_modification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_jours (statut, bord, jour, variation)
    SELECT statut, bord, jour, sum(variation) FROM (
      SELECT statut, 'debut' AS bord, date_debut AS jour, 1 AS variation FROM nouvelles
      UNION ALL SELECT statut, 'fin', date_fin, 1 FROM nouvelles
      UNION ALL SELECT statut, 'debut', date_debut, -1 FROM anciennes
      UNION ALL SELECT statut, 'fin', date_fin, -1 FROM anciennes
    ) v GROUP BY statut, bord, jour HAVING sum(variation) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reservations_jours_apres_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reservations_jours;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_jours_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_jours_apres_ajout();
--> statement-breakpoint
CREATE TRIGGER "reservations_jours_suppression" AFTER DELETE ON "reservations"
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION reservations_jours_apres_suppression();
--> statement-breakpoint
CREATE TRIGGER "reservations_jours_modification" AFTER UPDATE ON "reservations"
  REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION reservations_jours_apres_modification();
--> statement-breakpoint
CREATE TRIGGER "reservations_jours_vidage" AFTER TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION reservations_jours_apres_vidage();
--> statement-breakpoint
-- Replaces the variations by their sums, one row per status, side and day (none where the sum is 0). Exact beside
-- concurrent writes, as reservations_total_compacte (migration 0013): the DELETE removes only the committed rows its
-- snapshot sees and the sums of exactly those are inserted in the same statement.
CREATE FUNCTION "reservations_jours_compacte"() RETURNS void LANGUAGE sql AS $$
  WITH lues AS (DELETE FROM reservations_jours RETURNING statut, bord, jour, variation)
  INSERT INTO reservations_jours (statut, bord, jour, variation)
    SELECT statut, bord, jour, sum(variation) FROM lues GROUP BY statut, bord, jour HAVING sum(variation) <> 0;
$$;
--> statement-breakpoint
-- The stays already there (a database migrated with its data), under the lock taken above.
INSERT INTO "reservations_jours" ("statut", "bord", "jour", "variation")
  SELECT statut, bord, jour, count(*) FROM (
    SELECT statut, 'debut' AS bord, date_debut AS jour FROM reservations
    UNION ALL SELECT statut, 'fin', date_fin FROM reservations
  ) v GROUP BY statut, bord, jour;
