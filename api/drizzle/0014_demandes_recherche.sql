CREATE TABLE "demandes_recherche" (
	"demande_id" integer PRIMARY KEY NOT NULL,
	"texte" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demandes_recherche" ADD CONSTRAINT "demandes_recherche_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demandes_recherche_texte_trgm_idx" ON "demandes_recherche" USING gin ("texte" gin_trgm_ops);--> statement-breakpoint
-- Hand-written below (docs/database.md « The requests' search text »): the text each request is searched in, kept
-- by triggers in the statement that changes a request's referent, its residents' links or a resident's name or file
-- number. Each field is lower-cased as ILIKE lower-cases it, so `texte LIKE lower(pattern)` finds exactly the
-- requests that `field ILIKE pattern` finds on one of them, for any pattern without a line break (the list falls
-- back to the fields themselves for one with a line break, which could span two fields).
LOCK TABLE "demandes_hebergement", "demande_pensionnaires", "pensionnaires" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Rewrites the text of the requests `ids`. Their rows are locked first and the text read by the next statement,
-- whose snapshot (READ COMMITTED) then holds whatever a concurrent writer of the same requests committed: two
-- writers of one request never leave the older text.
CREATE FUNCTION "demandes_recherche_ecrit"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM demandes_recherche WHERE demande_id = ANY (ids) ORDER BY demande_id FOR UPDATE;
  INSERT INTO demandes_recherche (demande_id, texte)
  SELECT d.id, concat_ws(E'\n', lower(d.referent_nom), lower(d.referent_email),
           (SELECT string_agg(lower(ps.nom || ' ' || ps.prenom || ' ' || ps.nom) || E'\n' || lower(ps.numero_dossier),
                              E'\n' ORDER BY ps.id)
              FROM demande_pensionnaires dp JOIN pensionnaires ps ON ps.id = dp.pensionnaire_id
             WHERE dp.demande_id = d.id))
    FROM demandes_hebergement d WHERE d.id = ANY (ids)
  ON CONFLICT (demande_id) DO UPDATE SET texte = excluded.texte
    WHERE demandes_recherche.texte IS DISTINCT FROM excluded.texte;
END $$;
--> statement-breakpoint
CREATE FUNCTION "demandes_recherche_apres_demande"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM demandes_recherche_ecrit(ARRAY(SELECT id FROM nouvelles));
  ELSE
    PERFORM demandes_recherche_ecrit(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_demande_ajout" AFTER INSERT ON "demandes_hebergement"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION demandes_recherche_apres_demande();
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_demande_referent" AFTER UPDATE OF "referent_nom", "referent_email"
  ON "demandes_hebergement" FOR EACH ROW
  WHEN (OLD.referent_nom IS DISTINCT FROM NEW.referent_nom OR OLD.referent_email IS DISTINCT FROM NEW.referent_email)
  EXECUTE FUNCTION demandes_recherche_apres_demande();
--> statement-breakpoint
-- A link added or moved reads its resident's name: the resident is locked (FOR SHARE) before the text is written, so
-- a rename not yet committed is waited for, and a rename that comes after the lock finds the link (committed by
-- then) and rewrites the text itself.
CREATE FUNCTION "demandes_recherche_apres_lien"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM demandes_recherche_ecrit(ARRAY(SELECT DISTINCT demande_id FROM anciens));
  ELSE
    PERFORM 1 FROM pensionnaires WHERE id IN (SELECT pensionnaire_id FROM nouveaux) ORDER BY id FOR SHARE;
    IF TG_OP = 'INSERT' THEN
      PERFORM demandes_recherche_ecrit(ARRAY(SELECT DISTINCT demande_id FROM nouveaux));
    ELSE
      PERFORM demandes_recherche_ecrit(
        ARRAY(SELECT demande_id FROM nouveaux UNION SELECT demande_id FROM anciens));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_lien_ajout" AFTER INSERT ON "demande_pensionnaires"
  REFERENCING NEW TABLE AS nouveaux FOR EACH STATEMENT EXECUTE FUNCTION demandes_recherche_apres_lien();
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_lien_modification" AFTER UPDATE ON "demande_pensionnaires"
  REFERENCING OLD TABLE AS anciens NEW TABLE AS nouveaux FOR EACH STATEMENT
  EXECUTE FUNCTION demandes_recherche_apres_lien();
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_lien_suppression" AFTER DELETE ON "demande_pensionnaires"
  REFERENCING OLD TABLE AS anciens FOR EACH STATEMENT EXECUTE FUNCTION demandes_recherche_apres_lien();
--> statement-breakpoint
CREATE FUNCTION "demandes_recherche_apres_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demandes_recherche_ecrit(ARRAY(SELECT id FROM demandes_hebergement));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_liens_vidage" AFTER TRUNCATE ON "demande_pensionnaires"
  FOR EACH STATEMENT EXECUTE FUNCTION demandes_recherche_apres_vidage();
--> statement-breakpoint
-- A renamed resident (the UPDATE holds its row) rewrites the text of every request it is linked to.
CREATE FUNCTION "demandes_recherche_apres_pensionnaire"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demandes_recherche_ecrit(
    ARRAY(SELECT demande_id FROM demande_pensionnaires WHERE pensionnaire_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "demandes_recherche_pensionnaire" AFTER UPDATE OF "nom", "prenom", "numero_dossier"
  ON "pensionnaires" FOR EACH ROW
  WHEN (OLD.nom IS DISTINCT FROM NEW.nom OR OLD.prenom IS DISTINCT FROM NEW.prenom
        OR OLD.numero_dossier IS DISTINCT FROM NEW.numero_dossier)
  EXECUTE FUNCTION demandes_recherche_apres_pensionnaire();
--> statement-breakpoint
-- The requests already there (a database migrated with its data), under the lock taken above.
SELECT demandes_recherche_ecrit(ARRAY(SELECT id FROM demandes_hebergement));
