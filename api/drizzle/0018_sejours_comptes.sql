DROP INDEX "pensionnaires_nom_prenom_id_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "nombre_sejours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "etablissements" ADD COLUMN "nombre_sejours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pensionnaires" ADD COLUMN "nombre_sejours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pensionnaires_nom_prenom_id_sejours_idx" ON "pensionnaires" USING btree ("nom","prenom","id","nombre_sejours");--> statement-breakpoint
-- Hand-written below (docs/performance.md « Numbers kept per resident, client and hotel »): each resident, client
-- and hotel keeps its number of stays, written by the statement that inserts, moves or deletes them (so inside its
-- transaction: a rolled-back booking changes nothing, a reader's snapshot sees the stays and the numbers of the same
-- commits). A booking waits only for another one of the same resident, client or hotel to commit.
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The stays already there (a database migrated with its data), under the lock taken above.
UPDATE "pensionnaires" t SET "nombre_sejours" = d.n
  FROM (SELECT pensionnaire_id AS id, count(*)::int AS n FROM reservations GROUP BY 1) d WHERE t.id = d.id;
--> statement-breakpoint
UPDATE "clients" t SET "nombre_sejours" = d.n
  FROM (SELECT client_id AS id, count(*)::int AS n FROM reservations GROUP BY 1) d WHERE t.id = d.id;
--> statement-breakpoint
UPDATE "etablissements" t SET "nombre_sejours" = d.n
  FROM (SELECT etablissement_id AS id, count(*)::int AS n FROM reservations GROUP BY 1) d WHERE t.id = d.id;
--> statement-breakpoint
-- The stays a statement inserted (`nouvelles`, +1 each) or deleted (`anciennes`, −1 each), counted per resident,
-- client and hotel.
CREATE FUNCTION "sejours_comptes_apres_ecriture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lignes text := CASE TG_OP WHEN 'INSERT' THEN 'nouvelles' ELSE 'anciennes' END;
  sens integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  cible record;
BEGIN
  FOR cible IN SELECT * FROM (VALUES ('pensionnaires', 'pensionnaire_id'), ('clients', 'client_id'),
      ('etablissements', 'etablissement_id')) v(t, k) LOOP
    EXECUTE format('UPDATE %I t SET nombre_sejours = t.nombre_sejours + $1 * d.n
        FROM (SELECT %I AS id, count(*)::int AS n FROM %I GROUP BY 1) d WHERE t.id = d.id',
      cible.t, cible.k, lignes) USING sens;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sejours_comptes_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION sejours_comptes_apres_ecriture();
--> statement-breakpoint
CREATE TRIGGER "sejours_comptes_suppression" AFTER DELETE ON "reservations"
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION sejours_comptes_apres_ecriture();
--> statement-breakpoint
-- A stay moved to another resident, client or hotel.
CREATE FUNCTION "sejours_comptes_apres_deplacement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.pensionnaire_id <> NEW.pensionnaire_id THEN
    UPDATE pensionnaires SET nombre_sejours = nombre_sejours + CASE WHEN id = NEW.pensionnaire_id THEN 1 ELSE -1 END
      WHERE id IN (OLD.pensionnaire_id, NEW.pensionnaire_id);
  END IF;
  IF OLD.client_id <> NEW.client_id THEN
    UPDATE clients SET nombre_sejours = nombre_sejours + CASE WHEN id = NEW.client_id THEN 1 ELSE -1 END
      WHERE id IN (OLD.client_id, NEW.client_id);
  END IF;
  IF OLD.etablissement_id <> NEW.etablissement_id THEN
    UPDATE etablissements SET nombre_sejours = nombre_sejours + CASE WHEN id = NEW.etablissement_id THEN 1 ELSE -1 END
      WHERE id IN (OLD.etablissement_id, NEW.etablissement_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sejours_comptes_deplacement"
  AFTER UPDATE OF "pensionnaire_id", "client_id", "etablissement_id" ON "reservations"
  FOR EACH ROW WHEN (OLD.pensionnaire_id <> NEW.pensionnaire_id OR OLD.client_id <> NEW.client_id
    OR OLD.etablissement_id <> NEW.etablissement_id)
  EXECUTE FUNCTION sejours_comptes_apres_deplacement();
--> statement-breakpoint
CREATE FUNCTION "sejours_comptes_apres_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pensionnaires SET nombre_sejours = 0 WHERE nombre_sejours <> 0;
  UPDATE clients SET nombre_sejours = 0 WHERE nombre_sejours <> 0;
  UPDATE etablissements SET nombre_sejours = 0 WHERE nombre_sejours <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sejours_comptes_vidage" AFTER TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION sejours_comptes_apres_vidage();
