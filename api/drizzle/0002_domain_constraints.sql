-- Hand-written (drizzle-kit generate --custom): what the Drizzle schema cannot express. See docs/domain.md.
-- Every trigger error uses SQLSTATE 23514 (check_violation) and names its rule in CONSTRAINT, like a CHECK.

-- 1. Tariff lines never overlap: per contract and room type (and, for sale tariffs, per hotel, the
--    "every hotel" line, etablissement_id null, being its own key 0), the periods [date_debut, date_fin) are
--    disjoint, so one night has exactly one price. btree_gist: PGlite loads it as an extension (client.ts);
--    on PostgreSQL it is a trusted extension (contrib), which the database owner may create.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "contrat_etablissement_tarifs" ADD CONSTRAINT "contrat_etablissement_tarifs_sans_chevauchement"
  EXCLUDE USING gist ("contrat_id" WITH =, "type_chambre_id" WITH =, daterange("date_debut", "date_fin", '[)') WITH &&);
--> statement-breakpoint
ALTER TABLE "contrat_client_tarifs" ADD CONSTRAINT "contrat_client_tarifs_sans_chevauchement"
  EXCLUDE USING gist (
    "contrat_id" WITH =,
    "type_chambre_id" WITH =,
    (coalesce("etablissement_id", 0)) WITH =,
    daterange("date_debut", "date_fin", '[)') WITH &&
  );
--> statement-breakpoint

-- 2. A tariff line lies inside its contract's period. Deferred constraint triggers, checked at commit, so a
--    transaction may move a contract and its lines in any order.
CREATE FUNCTION "contrat_etablissement_tarifs_dans_contrat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'contrats_etablissement' THEN
    PERFORM 1 FROM "contrat_etablissement_tarifs" t JOIN "contrats_etablissement" c ON c.id = t.contrat_id
      WHERE c.id = NEW.id AND (t.date_debut < c.date_debut OR t.date_fin > c.date_fin);
  ELSE
    PERFORM 1 FROM "contrat_etablissement_tarifs" t JOIN "contrats_etablissement" c ON c.id = t.contrat_id
      WHERE t.id = NEW.id AND (t.date_debut < c.date_debut OR t.date_fin > c.date_fin);
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'La période d''un tarif sort de la période de son contrat établissement.'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'contrat_etablissement_tarifs_dans_contrat';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contrat_etablissement_tarifs_dans_contrat"
  AFTER INSERT OR UPDATE OF "contrat_id", "date_debut", "date_fin" ON "contrat_etablissement_tarifs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "contrat_etablissement_tarifs_dans_contrat"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contrats_etablissement_couvre_tarifs"
  AFTER UPDATE OF "date_debut", "date_fin" ON "contrats_etablissement"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "contrat_etablissement_tarifs_dans_contrat"();
--> statement-breakpoint
CREATE FUNCTION "contrat_client_tarifs_dans_contrat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'contrats_clients' THEN
    PERFORM 1 FROM "contrat_client_tarifs" t JOIN "contrats_clients" c ON c.id = t.contrat_id
      WHERE c.id = NEW.id AND (t.date_debut < c.date_debut OR t.date_fin > c.date_fin);
  ELSE
    PERFORM 1 FROM "contrat_client_tarifs" t JOIN "contrats_clients" c ON c.id = t.contrat_id
      WHERE t.id = NEW.id AND (t.date_debut < c.date_debut OR t.date_fin > c.date_fin);
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'La période d''un tarif sort de la période de son contrat client.'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'contrat_client_tarifs_dans_contrat';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contrat_client_tarifs_dans_contrat"
  AFTER INSERT OR UPDATE OF "contrat_id", "date_debut", "date_fin" ON "contrat_client_tarifs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "contrat_client_tarifs_dans_contrat"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contrats_clients_couvre_tarifs"
  AFTER UPDATE OF "date_debut", "date_fin" ON "contrats_clients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "contrat_client_tarifs_dans_contrat"();
--> statement-breakpoint

-- 3. Every night that is not cancelled lies inside its reservation's period [date_debut, date_fin), so
--    "nights = date_fin - date_debut" and the sums over nuitees agree. Deferred like the above.
CREATE FUNCTION "nuitees_dans_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reservations' THEN
    PERFORM 1 FROM "nuitees" n JOIN "reservations" r ON r.id = n.reservation_id
      WHERE r.id = NEW.id AND NOT n.annulee AND (n.date_nuit < r.date_debut OR n.date_nuit >= r.date_fin);
  ELSE
    PERFORM 1 FROM "nuitees" n JOIN "reservations" r ON r.id = n.reservation_id
      WHERE n.id = NEW.id AND NOT n.annulee AND (n.date_nuit < r.date_debut OR n.date_nuit >= r.date_fin);
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'Une nuitée est en dehors de la période de sa réservation.'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'nuitees_dans_reservation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "nuitees_dans_reservation"
  AFTER INSERT OR UPDATE OF "reservation_id", "date_nuit", "annulee" ON "nuitees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "nuitees_dans_reservation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reservations_couvre_nuitees"
  AFTER UPDATE OF "date_debut", "date_fin" ON "reservations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "nuitees_dans_reservation"();
--> statement-breakpoint

-- 4. The allotment counters carry their tariff line's allotement: copied on every write of a counter (callers
--    never set it) and pushed to the counters when the line changes. Lowering an allotment below the rooms
--    already booked then fails on occupations_allotement_depassement.
CREATE FUNCTION "occupations_allotement_copie"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.allotement INTO NEW.allotement FROM "contrat_etablissement_tarifs" t WHERE t.id = NEW.tarif_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "occupations_allotement_copie"
  BEFORE INSERT OR UPDATE ON "occupations_allotement"
  FOR EACH ROW EXECUTE FUNCTION "occupations_allotement_copie"();
--> statement-breakpoint
CREATE FUNCTION "contrat_etablissement_tarifs_allotement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "occupations_allotement" SET "allotement" = NEW.allotement, "updated_at" = now()
    WHERE "tarif_id" = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contrat_etablissement_tarifs_allotement"
  AFTER UPDATE OF "allotement" ON "contrat_etablissement_tarifs"
  FOR EACH ROW WHEN (OLD.allotement IS DISTINCT FROM NEW.allotement)
  EXECUTE FUNCTION "contrat_etablissement_tarifs_allotement"();
--> statement-breakpoint

-- 5. The meal types: a fixed list (repas.code CHECK), so the rows ship with the schema.
INSERT INTO "repas" ("code", "libelle", "ordre") VALUES
  ('petit_dejeuner', 'Petit déjeuner', 1),
  ('dejeuner', 'Déjeuner', 2),
  ('diner', 'Dîner', 3)
ON CONFLICT ("code") DO NOTHING;
