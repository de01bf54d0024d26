-- The parents of the extensions a statement inserts get their `prolongee_par_id` (migration 0017) in one UPDATE per
-- statement instead of one per extension: a row trigger ran a function and an UPDATE for each of the 63,274
-- extensions of the large demo set (docs/performance.md « What the triggers cost a large generation »). The one
-- non-cancelled extension a parent may have (unique index reservations_prolongee_une_fois) is the one inserted:
-- cancelled extensions inserted change nothing. Updates and deletions keep their row triggers (a cancellation, a
-- restoration, a deletion: one stay at a time).
DROP TRIGGER "reservations_prolongation_ajout" ON "reservations";
--> statement-breakpoint
CREATE FUNCTION "reservations_prolongations_ajoutees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservations p SET prolongee_par_id = n.id
    FROM nouvelles n
    WHERE n.prolongation_de_id = p.id AND n.statut <> 'annulee' AND p.prolongee_par_id IS DISTINCT FROM n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_prolongations_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_prolongations_ajoutees();
