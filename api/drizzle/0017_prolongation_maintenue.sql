ALTER TABLE "reservations" ADD COLUMN "prolongee_par_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "delai_alerte_jours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (docs/domain.md « prolongable », docs/performance.md « What « prolongable » reads »): two
-- facts every list item and the « prolongable » filter read for each stay, kept on the stay in the statement that
-- changes them instead of being looked up on each read — `prolongee_par_id` (the non-cancelled extension: one more
-- index lookup per stay) and `delai_alerte_jours` (the larger delay of its two contracts: two lookups per stay).
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The stays already there (a database migrated with its data), under the lock taken above.
UPDATE "reservations" r SET "delai_alerte_jours" = greatest(cc.delai_alerte_jours, ce.delai_alerte_jours)
  FROM "contrats_clients" cc, "contrats_etablissement" ce
  WHERE cc.id = r.contrat_client_id AND ce.id = r.contrat_etablissement_id;
--> statement-breakpoint
UPDATE "reservations" p SET "prolongee_par_id" = x.id
  FROM "reservations" x WHERE x.prolongation_de_id = p.id AND x.statut <> 'annulee';
--> statement-breakpoint
CREATE INDEX "reservations_prolongeables_idx" ON "reservations" USING btree ("date_fin","delai_alerte_jours") WHERE "reservations"."statut" in ('confirmee', 'en_cours') and "reservations"."prolongee_par_id" is null;
--> statement-breakpoint
-- A stay's delay, from its contracts, whenever it is written with other contracts (or the delay written directly:
-- the column can only hold its contracts' value). A missing contract leaves 0 and the foreign key refuses the row.
CREATE FUNCTION "reservation_delai_alerte"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.delai_alerte_jours := coalesce((SELECT greatest(cc.delai_alerte_jours, ce.delai_alerte_jours)
    FROM contrats_clients cc, contrats_etablissement ce
    WHERE cc.id = NEW.contrat_client_id AND ce.id = NEW.contrat_etablissement_id), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_delai_alerte"
  BEFORE INSERT OR UPDATE OF "contrat_client_id", "contrat_etablissement_id", "delai_alerte_jours" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservation_delai_alerte();
--> statement-breakpoint
-- A contract's new delay, onto its stays (the trigger above recomputes each from both contracts).
CREATE FUNCTION "contrat_client_delai_alerte"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservations r SET delai_alerte_jours = greatest(NEW.delai_alerte_jours, ce.delai_alerte_jours)
    FROM contrats_etablissement ce
    WHERE r.contrat_client_id = NEW.id AND ce.id = r.contrat_etablissement_id
      AND r.delai_alerte_jours <> greatest(NEW.delai_alerte_jours, ce.delai_alerte_jours);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contrats_clients_delai_alerte" AFTER UPDATE OF "delai_alerte_jours" ON "contrats_clients"
  FOR EACH ROW WHEN (OLD.delai_alerte_jours IS DISTINCT FROM NEW.delai_alerte_jours)
  EXECUTE FUNCTION contrat_client_delai_alerte();
--> statement-breakpoint
CREATE FUNCTION "contrat_etablissement_delai_alerte"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservations r SET delai_alerte_jours = greatest(cc.delai_alerte_jours, NEW.delai_alerte_jours)
    FROM contrats_clients cc
    WHERE r.contrat_etablissement_id = NEW.id AND cc.id = r.contrat_client_id
      AND r.delai_alerte_jours <> greatest(cc.delai_alerte_jours, NEW.delai_alerte_jours);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contrats_etablissement_delai_alerte" AFTER UPDATE OF "delai_alerte_jours" ON "contrats_etablissement"
  FOR EACH ROW WHEN (OLD.delai_alerte_jours IS DISTINCT FROM NEW.delai_alerte_jours)
  EXECUTE FUNCTION contrat_etablissement_delai_alerte();
--> statement-breakpoint
-- The stay `mere`'s extension, read again: the one non-cancelled stay extending it (the unique index
-- reservations_prolongee_une_fois allows no second), written only when it changed. Writes of one chain serialise on
-- their parent stay's lock (docs/domain.md « Reservation writes »).
CREATE FUNCTION "reservation_prolongee_par"(mere integer) RETURNS void LANGUAGE sql AS $$
  UPDATE reservations p SET prolongee_par_id = x.id
    FROM (SELECT (SELECT e.id FROM reservations e WHERE e.prolongation_de_id = mere AND e.statut <> 'annulee'
      ORDER BY e.id LIMIT 1) AS id) x
    WHERE p.id = mere AND p.prolongee_par_id IS DISTINCT FROM x.id;
$$;
--> statement-breakpoint
CREATE FUNCTION "reservations_prolongation_modifiee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.prolongation_de_id IS NOT NULL THEN
    PERFORM reservation_prolongee_par(OLD.prolongation_de_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.prolongation_de_id IS NOT NULL
      AND (TG_OP = 'INSERT' OR NEW.prolongation_de_id IS DISTINCT FROM OLD.prolongation_de_id) THEN
    PERFORM reservation_prolongee_par(NEW.prolongation_de_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_prolongation_ajout" AFTER INSERT ON "reservations"
  FOR EACH ROW WHEN (NEW.prolongation_de_id IS NOT NULL) EXECUTE FUNCTION reservations_prolongation_modifiee();
--> statement-breakpoint
CREATE TRIGGER "reservations_prolongation_modification" AFTER UPDATE OF "statut", "prolongation_de_id" ON "reservations"
  FOR EACH ROW WHEN (OLD.prolongation_de_id IS DISTINCT FROM NEW.prolongation_de_id
    OR (OLD.prolongation_de_id IS NOT NULL AND (OLD.statut = 'annulee') <> (NEW.statut = 'annulee')))
  EXECUTE FUNCTION reservations_prolongation_modifiee();
--> statement-breakpoint
CREATE TRIGGER "reservations_prolongation_suppression" AFTER DELETE ON "reservations"
  FOR EACH ROW WHEN (OLD.prolongation_de_id IS NOT NULL) EXECUTE FUNCTION reservations_prolongation_modifiee();
