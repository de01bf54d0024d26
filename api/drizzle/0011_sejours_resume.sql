CREATE TABLE "sejours_resume" (
	"sejour_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"premiere_nuit" date NOT NULL,
	"derniere_nuit" date NOT NULL,
	"nuitees" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (docs/domain.md « Statistics »): sejours_resume is kept equal to the sums of its chain's months
-- in nuitees_par_mois by statement triggers, in the statement that changes them. Writes of one chain serialise on
-- their parent stay's lock (docs/domain.md « Reservation writes »), so two statements never recompute one chain at
-- once.
CREATE FUNCTION "sejours_resume_recalcule"(chains integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sejours_resume WHERE sejour_id = ANY (chains);
  INSERT INTO sejours_resume (sejour_id, client_id, etablissement_id, premiere_nuit, derniere_nuit, nuitees)
    SELECT sejour_id, min(client_id), min(etablissement_id), min(premiere_nuit), max(derniere_nuit), sum(nuitees)::int
    FROM nuitees_par_mois WHERE sejour_id = ANY (chains) GROUP BY sejour_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sejours_resume_apres_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sejours_resume_recalcule(array_agg(DISTINCT sejour_id)) FROM nouvelles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sejours_resume_apres_modification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sejours_resume_recalcule(array_agg(k.sejour_id))
    FROM (SELECT sejour_id FROM anciennes UNION SELECT sejour_id FROM nouvelles) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sejours_resume_apres_suppression"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sejours_resume_recalcule(array_agg(DISTINCT sejour_id)) FROM anciennes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sejours_resume_ajout" AFTER INSERT ON "nuitees_par_mois"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION sejours_resume_apres_ajout();
--> statement-breakpoint
CREATE TRIGGER "sejours_resume_modification" AFTER UPDATE ON "nuitees_par_mois" REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION sejours_resume_apres_modification();
--> statement-breakpoint
CREATE TRIGGER "sejours_resume_suppression" AFTER DELETE ON "nuitees_par_mois"
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION sejours_resume_apres_suppression();
--> statement-breakpoint
-- The chains already there (a database migrated with its data).
INSERT INTO "sejours_resume" (sejour_id, client_id, etablissement_id, premiere_nuit, derniere_nuit, nuitees)
  SELECT sejour_id, min(client_id), min(etablissement_id), min(premiere_nuit), max(derniere_nuit), sum(nuitees)::int
  FROM nuitees_par_mois GROUP BY sejour_id;
