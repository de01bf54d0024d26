CREATE TABLE "nuitees_par_mois" (
	"reservation_id" integer NOT NULL,
	"mois" date NOT NULL,
	"taux_tva_nuitee" numeric(5, 2) NOT NULL,
	"taux_tva_repas" numeric(5, 2) NOT NULL,
	"pensionnaire_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"sejour_id" integer NOT NULL,
	"status_paf" boolean NOT NULL,
	"status_caf" boolean NOT NULL,
	"nuitees" integer DEFAULT 0 NOT NULL,
	"nuitees_presentes" integer DEFAULT 0 NOT NULL,
	"premiere_nuit" date NOT NULL,
	"derniere_nuit" date NOT NULL,
	"vente_nuitee_ht" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vente_repas_ht" numeric(14, 2) DEFAULT '0' NOT NULL,
	"achat_ht" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vente_nuitee_ht_presente" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vente_repas_ht_presente" numeric(14, 2) DEFAULT '0' NOT NULL,
	"petit_dejeuner" integer DEFAULT 0 NOT NULL,
	"dejeuner" integer DEFAULT 0 NOT NULL,
	"diner" integer DEFAULT 0 NOT NULL,
	"paf_paye_nuitees" integer DEFAULT 0 NOT NULL,
	"paf_paye_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paf_non_paye_nuitees" integer DEFAULT 0 NOT NULL,
	"paf_non_paye_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paf_a_verifier_nuitees" integer DEFAULT 0 NOT NULL,
	"paf_a_verifier_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	"caf_paye_nuitees" integer DEFAULT 0 NOT NULL,
	"caf_paye_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	"caf_non_paye_nuitees" integer DEFAULT 0 NOT NULL,
	"caf_non_paye_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	"caf_a_verifier_nuitees" integer DEFAULT 0 NOT NULL,
	"caf_a_verifier_montant" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "nuitees_par_mois_pk" PRIMARY KEY("reservation_id","mois","taux_tva_nuitee","taux_tva_repas")
);
--> statement-breakpoint
ALTER TABLE "nuitees_par_mois" ADD CONSTRAINT "nuitees_par_mois_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nuitees_par_mois_mois_idx" ON "nuitees_par_mois" USING btree ("mois");--> statement-breakpoint
CREATE INDEX "nuitees_par_mois_sejour_idx" ON "nuitees_par_mois" USING btree ("sejour_id");--> statement-breakpoint
-- Hand-written below (docs/domain.md « Statistics »): nuitees_par_mois is kept equal to the recount of the nights by
-- triggers, in the statement that changes them, so the statistics never read a second source of truth.

-- The initial stay of a stay's chain of extensions (prolongation_de_id up to null; chains are a few links long).
CREATE FUNCTION "sejour_initial"(stay integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  current_id integer := stay;
  parent_id integer;
BEGIN
  LOOP
    SELECT prolongation_de_id INTO parent_id FROM reservations WHERE id = current_id;
    EXIT WHEN parent_id IS NULL;
    current_id := parent_id;
  END LOOP;
  RETURN current_id;
END $$;
--> statement-breakpoint
-- The one definition of a summary row: the sums of a stay's non-cancelled nights of one month and pair of VAT
-- rates. PAF/CAF sums are by the night's payment state, whatever the stay's flags (copied beside them).
CREATE VIEW "nuitees_par_mois_calcul" AS
SELECT n.reservation_id,
  date_trunc('month', n.date_nuit)::date AS mois,
  n.taux_tva_nuitee, n.taux_tva_repas,
  r.pensionnaire_id, r.client_id, r.etablissement_id, r.type_chambre_id,
  sejour_initial(r.id) AS sejour_id,
  r.status_paf, r.status_caf,
  count(*)::int AS nuitees,
  count(*) FILTER (WHERE n.presence = 'present')::int AS nuitees_presentes,
  min(n.date_nuit) AS premiere_nuit,
  max(n.date_nuit) AS derniere_nuit,
  sum(n.prix_vente_ht) AS vente_nuitee_ht,
  sum(n.petit_dejeuner * n.prix_petit_dejeuner_ht + n.dejeuner * n.prix_dejeuner_ht + n.diner * n.prix_diner_ht)
    AS vente_repas_ht,
  sum(n.prix_achat_ht + n.petit_dejeuner * n.prix_achat_petit_dejeuner_ht + n.dejeuner * n.prix_achat_dejeuner_ht
    + n.diner * n.prix_achat_diner_ht) AS achat_ht,
  coalesce(sum(n.prix_vente_ht) FILTER (WHERE n.presence = 'present'), 0) AS vente_nuitee_ht_presente,
  coalesce(sum(n.petit_dejeuner * n.prix_petit_dejeuner_ht + n.dejeuner * n.prix_dejeuner_ht
    + n.diner * n.prix_diner_ht) FILTER (WHERE n.presence = 'present'), 0) AS vente_repas_ht_presente,
  sum(n.petit_dejeuner)::int AS petit_dejeuner,
  sum(n.dejeuner)::int AS dejeuner,
  sum(n.diner)::int AS diner,
  count(*) FILTER (WHERE n.etat_paf = 'paye')::int AS paf_paye_nuitees,
  coalesce(sum(n.montant_paf) FILTER (WHERE n.etat_paf = 'paye'), 0) AS paf_paye_montant,
  count(*) FILTER (WHERE n.etat_paf = 'non_paye')::int AS paf_non_paye_nuitees,
  coalesce(sum(n.montant_paf) FILTER (WHERE n.etat_paf = 'non_paye'), 0) AS paf_non_paye_montant,
  count(*) FILTER (WHERE n.etat_paf = 'a_verifier')::int AS paf_a_verifier_nuitees,
  coalesce(sum(n.montant_paf) FILTER (WHERE n.etat_paf = 'a_verifier'), 0) AS paf_a_verifier_montant,
  count(*) FILTER (WHERE n.etat_caf = 'paye')::int AS caf_paye_nuitees,
  coalesce(sum(n.montant_caf) FILTER (WHERE n.etat_caf = 'paye'), 0) AS caf_paye_montant,
  count(*) FILTER (WHERE n.etat_caf = 'non_paye')::int AS caf_non_paye_nuitees,
  coalesce(sum(n.montant_caf) FILTER (WHERE n.etat_caf = 'non_paye'), 0) AS caf_non_paye_montant,
  count(*) FILTER (WHERE n.etat_caf = 'a_verifier')::int AS caf_a_verifier_nuitees,
  coalesce(sum(n.montant_caf) FILTER (WHERE n.etat_caf = 'a_verifier'), 0) AS caf_a_verifier_montant
FROM nuitees n
JOIN reservations r ON r.id = n.reservation_id
WHERE NOT n.annulee
GROUP BY n.reservation_id, date_trunc('month', n.date_nuit)::date, n.taux_tva_nuitee, n.taux_tva_repas, r.id;
--> statement-breakpoint
-- Recomputes the summary rows of the given (stay, month) keys from the nights (rows of a key whose nights are all
-- cancelled or deleted go away). Writes of one stay, and of a chain of extensions, serialise on their parent's
-- lock (docs/domain.md « Reservation writes »), so two statements never recompute the same rows at once.
CREATE FUNCTION "nuitees_par_mois_recalcule"(stays integer[], months date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM nuitees_par_mois s
    USING unnest(stays, months) AS k(reservation_id, mois)
    WHERE s.reservation_id = k.reservation_id AND s.mois = k.mois;
  INSERT INTO nuitees_par_mois
    SELECT c.* FROM nuitees_par_mois_calcul c
    JOIN (SELECT DISTINCT * FROM unnest(stays, months) AS u(reservation_id, mois)) k
      ON k.reservation_id = c.reservation_id AND k.mois = c.mois
    WHERE c.reservation_id = ANY (stays);
END $$;
--> statement-breakpoint
CREATE FUNCTION "nuitees_par_mois_apres_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nuitees_par_mois_recalcule(array_agg(k.reservation_id), array_agg(k.mois))
    FROM (SELECT DISTINCT reservation_id, date_trunc('month', date_nuit)::date AS mois FROM nouvelles) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "nuitees_par_mois_apres_modification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nuitees_par_mois_recalcule(array_agg(k.reservation_id), array_agg(k.mois))
    FROM (SELECT reservation_id, date_trunc('month', date_nuit)::date AS mois FROM anciennes
          UNION SELECT reservation_id, date_trunc('month', date_nuit)::date FROM nouvelles) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "nuitees_par_mois_apres_suppression"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nuitees_par_mois_recalcule(array_agg(k.reservation_id), array_agg(k.mois))
    FROM (SELECT DISTINCT reservation_id, date_trunc('month', date_nuit)::date AS mois FROM anciennes) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "nuitees_par_mois_ajout" AFTER INSERT ON "nuitees"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION nuitees_par_mois_apres_ajout();
--> statement-breakpoint
CREATE TRIGGER "nuitees_par_mois_modification" AFTER UPDATE ON "nuitees"
  REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
  FOR EACH STATEMENT EXECUTE FUNCTION nuitees_par_mois_apres_modification();
--> statement-breakpoint
CREATE TRIGGER "nuitees_par_mois_suppression" AFTER DELETE ON "nuitees"
  REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION nuitees_par_mois_apres_suppression();
--> statement-breakpoint
-- A stay's PAF/CAF flags decide which of its nights count in the PAF/CAF statistics (docs/domain.md, rooming
-- totals): its summary rows follow them, past months included.
CREATE FUNCTION "nuitees_par_mois_flux"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nuitees_par_mois SET status_paf = NEW.status_paf, status_caf = NEW.status_caf
    WHERE reservation_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "nuitees_par_mois_flux" AFTER UPDATE OF "status_paf", "status_caf" ON "reservations"
  FOR EACH ROW WHEN (OLD.status_paf IS DISTINCT FROM NEW.status_paf OR OLD.status_caf IS DISTINCT FROM NEW.status_caf)
  EXECUTE FUNCTION nuitees_par_mois_flux();
--> statement-breakpoint
-- The nights already there (a database migrated with its data).
INSERT INTO "nuitees_par_mois" SELECT * FROM "nuitees_par_mois_calcul";
--> statement-breakpoint
-- The statistics' answer cache (api/src/modules/stats/cache.ts): every statement that changes what they read
-- notifies `stats`, delivered when its transaction commits (one notification per transaction: PostgreSQL folds
-- identical ones).
CREATE FUNCTION "stats_modifiees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stats', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['nuitees', 'reservations', 'occupations_allotement', 'contrat_etablissement_tarifs',
    'contrats_etablissement', 'clients', 'etablissements', 'pensionnaires', 'types_chambre'] LOOP
    EXECUTE format('CREATE TRIGGER stats_modifiees AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION stats_modifiees()', t);
  END LOOP;
END $$;
