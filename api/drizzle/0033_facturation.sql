-- Invoicing (issue 39): client invoices and credit notes, their numbering and payments (docs/database.md
-- « Invoicing »); hotel invoices and their reconciliation (« Hotel invoices and reconciliation »).
CREATE TABLE "ecarts_facture_etablissement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecarts_facture_etablissement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"facture_id" integer NOT NULL,
	"type" text NOT NULL,
	"reservation_id" integer,
	"pensionnaire" text,
	"date_nuit" date,
	"prestation" text,
	"ligne_detail" integer,
	"autre_facture" text,
	"montant_facture" numeric(12, 2) NOT NULL,
	"montant_reserve" numeric(12, 2) NOT NULL,
	"taux_facture" numeric(5, 2),
	"taux_reserve" numeric(5, 2),
	"motif" text,
	"accepte_par" integer,
	"accepte_le" timestamp with time zone,
	CONSTRAINT "ecarts_facture_etablissement_type_valid" CHECK ("ecarts_facture_etablissement"."type" in ('facturee_non_reservee', 'reservee_non_facturee', 'ecart_prix', 'ecart_tva', 'facturee_en_double', 'ecart_total_ht', 'ecart_total_tva', 'ecart_total_ttc')),
	CONSTRAINT "ecarts_facture_etablissement_prestation_valid" CHECK ("ecarts_facture_etablissement"."prestation" in ('nuitee', 'petit_dejeuner', 'dejeuner', 'diner')),
	CONSTRAINT "ecarts_facture_etablissement_acceptation" CHECK (("ecarts_facture_etablissement"."accepte_le" is null) = ("ecarts_facture_etablissement"."accepte_par" is null) and ("ecarts_facture_etablissement"."accepte_le" is null) = ("ecarts_facture_etablissement"."motif" is null))
);
--> statement-breakpoint
CREATE TABLE "factures_etablissements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factures_etablissements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"etablissement_id" integer NOT NULL,
	"numero" text NOT NULL,
	"date_facture" date NOT NULL,
	"periode_debut" date NOT NULL,
	"periode_fin" date NOT NULL,
	"total_ht" numeric(12, 2) NOT NULL,
	"total_tva" numeric(12, 2) NOT NULL,
	"total_ttc" numeric(12, 2) NOT NULL,
	"etat" text DEFAULT 'a_rapprocher' NOT NULL,
	"source_detail" text,
	"nom_fichier" text,
	"version" integer DEFAULT 1 NOT NULL,
	"rapprochee_le" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factures_etablissements_numero_unique" UNIQUE("etablissement_id","numero"),
	CONSTRAINT "factures_etablissements_etat_valid" CHECK ("factures_etablissements"."etat" in ('a_rapprocher', 'ecart', 'rapprochee')),
	CONSTRAINT "factures_etablissements_source_detail_valid" CHECK ("factures_etablissements"."source_detail" in ('xlsx', 'csv', 'facturx')),
	CONSTRAINT "factures_etablissements_numero_not_blank" CHECK (btrim("factures_etablissements"."numero") <> ''),
	CONSTRAINT "factures_etablissements_periode_valide" CHECK ("factures_etablissements"."periode_fin" > "factures_etablissements"."periode_debut"),
	CONSTRAINT "factures_etablissements_total_ht_ge0" CHECK ("factures_etablissements"."total_ht" >= 0),
	CONSTRAINT "factures_etablissements_total_tva_ge0" CHECK ("factures_etablissements"."total_tva" >= 0),
	CONSTRAINT "factures_etablissements_total_ttc_ge0" CHECK ("factures_etablissements"."total_ttc" >= 0),
	CONSTRAINT "factures_etablissements_ttc" CHECK ("factures_etablissements"."total_ttc" = "factures_etablissements"."total_ht" + "factures_etablissements"."total_tva")
);
--> statement-breakpoint
CREATE TABLE "lignes_facture_etablissement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lignes_facture_etablissement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"facture_id" integer NOT NULL,
	"ligne" integer NOT NULL,
	"reservation_id" integer,
	"pensionnaire" text,
	"date_nuit" date NOT NULL,
	"prestation" text NOT NULL,
	"type_chambre" text,
	"quantite" smallint NOT NULL,
	"prix_unitaire_ht" numeric(12, 2) NOT NULL,
	"taux_tva" numeric(5, 2) NOT NULL,
	CONSTRAINT "lignes_facture_etablissement_prestation_valid" CHECK ("lignes_facture_etablissement"."prestation" in ('nuitee', 'petit_dejeuner', 'dejeuner', 'diner')),
	CONSTRAINT "lignes_facture_etablissement_taux_tva_range" CHECK ("lignes_facture_etablissement"."taux_tva" between 0 and 100),
	CONSTRAINT "lignes_facture_etablissement_prix_unitaire_ht_ge0" CHECK ("lignes_facture_etablissement"."prix_unitaire_ht" >= 0),
	CONSTRAINT "lignes_facture_etablissement_quantite_ge0" CHECK ("lignes_facture_etablissement"."quantite" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clients_facturation" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"email_facturation" text,
	"numero_tva" text,
	"adresse_ligne1" text,
	"adresse_ligne2" text,
	"code_postal" text,
	"ville" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_facturation_adresse_complete" CHECK (("clients_facturation"."adresse_ligne1" is null) = ("clients_facturation"."code_postal" is null) and ("clients_facturation"."code_postal" is null) = ("clients_facturation"."ville" is null))
);
--> statement-breakpoint
CREATE TABLE "facturation_parametres" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"raison_sociale" text,
	"forme_juridique" text,
	"adresse_ligne1" text,
	"adresse_ligne2" text,
	"code_postal" text,
	"ville" text,
	"pays" text DEFAULT 'FR' NOT NULL,
	"siren" text,
	"siret" text,
	"numero_tva" text,
	"email" text,
	"telephone" text,
	"iban" text,
	"bic" text,
	"delai_paiement_jours" integer DEFAULT 30 NOT NULL,
	"taux_penalites" numeric(5, 2),
	"indemnite_recouvrement" numeric(12, 2) DEFAULT '40.00' NOT NULL,
	"mention_exoneration" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "facturation_parametres_une_ligne" CHECK ("facturation_parametres"."id" = 1),
	CONSTRAINT "facturation_parametres_siren_format" CHECK ("facturation_parametres"."siren" ~ '^[0-9]{9}$'),
	CONSTRAINT "facturation_parametres_siret_format" CHECK ("facturation_parametres"."siret" ~ '^[0-9]{14}$'),
	CONSTRAINT "facturation_parametres_siret_siren" CHECK (left("facturation_parametres"."siret", 9) = "facturation_parametres"."siren"),
	CONSTRAINT "facturation_parametres_delai_range" CHECK ("facturation_parametres"."delai_paiement_jours" between 0 and 60),
	CONSTRAINT "facturation_parametres_pays_format" CHECK ("facturation_parametres"."pays" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "facture_compteurs" (
	"type" text NOT NULL,
	"annee" smallint NOT NULL,
	"dernier" integer NOT NULL,
	CONSTRAINT "facture_compteurs_pk" PRIMARY KEY("type","annee"),
	CONSTRAINT "facture_compteurs_type_valid" CHECK ("facture_compteurs"."type" in ('facture', 'avoir')),
	CONSTRAINT "facture_compteurs_dernier_gt0" CHECK ("facture_compteurs"."dernier" > 0)
);
--> statement-breakpoint
CREATE TABLE "facture_lignes" (
	"facture_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"nature" text NOT NULL,
	"libelle" text NOT NULL,
	"etablissement_id" integer NOT NULL,
	"type_chambre_id" integer,
	"quantite" integer NOT NULL,
	"prix_unitaire_ht" numeric(12, 2) NOT NULL,
	"montant_ht" numeric(12, 2) NOT NULL,
	"taux_tva" numeric(5, 2) NOT NULL,
	CONSTRAINT "facture_lignes_pk" PRIMARY KEY("facture_id","numero"),
	CONSTRAINT "facture_lignes_nature_valid" CHECK ("facture_lignes"."nature" in ('nuitee', 'petit_dejeuner', 'dejeuner', 'diner')),
	CONSTRAINT "facture_lignes_quantite_gt0" CHECK ("facture_lignes"."quantite" > 0),
	CONSTRAINT "facture_lignes_prix_ge0" CHECK ("facture_lignes"."prix_unitaire_ht" >= 0),
	CONSTRAINT "facture_lignes_montant" CHECK ("facture_lignes"."montant_ht" = "facture_lignes"."quantite" * "facture_lignes"."prix_unitaire_ht")
);
--> statement-breakpoint
CREATE TABLE "facture_nuitees" (
	"facture_id" integer NOT NULL,
	"facture_type" text DEFAULT 'facture' NOT NULL,
	"nuitee_id" bigint NOT NULL,
	"reservation_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"date_nuit" date NOT NULL,
	"prix_vente_ht" numeric(12, 2) NOT NULL,
	"taux_tva_nuitee" numeric(5, 2) NOT NULL,
	"petit_dejeuner" smallint NOT NULL,
	"dejeuner" smallint NOT NULL,
	"diner" smallint NOT NULL,
	"prix_petit_dejeuner_ht" numeric(12, 2) NOT NULL,
	"prix_dejeuner_ht" numeric(12, 2) NOT NULL,
	"prix_diner_ht" numeric(12, 2) NOT NULL,
	"taux_tva_repas" numeric(5, 2) NOT NULL,
	"montant_ht" numeric(12, 2) NOT NULL,
	"avoir_id" integer,
	"avoir_type" text DEFAULT 'avoir' NOT NULL,
	CONSTRAINT "facture_nuitees_pk" PRIMARY KEY("facture_id","nuitee_id"),
	CONSTRAINT "facture_nuitees_facture_type" CHECK ("facture_nuitees"."facture_type" = 'facture'),
	CONSTRAINT "facture_nuitees_avoir_type" CHECK ("facture_nuitees"."avoir_type" = 'avoir')
);
--> statement-breakpoint
CREATE TABLE "factures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"statut" text DEFAULT 'brouillon' NOT NULL,
	"client_id" integer NOT NULL,
	"periode_debut" date NOT NULL,
	"periode_fin" date NOT NULL,
	"numero" text,
	"date_emission" date,
	"date_echeance" date,
	"reference_acheteur" text,
	"notes" text,
	"facture_origine_id" integer,
	"motif" text,
	"total_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_tva" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_ttc" numeric(12, 2) DEFAULT '0' NOT NULL,
	"document" jsonb,
	"pdf" "bytea",
	"xml" text,
	"created_by" integer,
	"emise_by" integer,
	"emise_at" timestamp with time zone,
	"envoyee_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factures_id_type_unique" UNIQUE("id","type"),
	CONSTRAINT "factures_id_client_unique" UNIQUE("id","client_id"),
	CONSTRAINT "factures_type_valid" CHECK ("factures"."type" in ('facture', 'avoir')),
	CONSTRAINT "factures_statut_valid" CHECK ("factures"."statut" in ('brouillon', 'emise', 'envoyee', 'partiellement_payee', 'payee')),
	CONSTRAINT "factures_periode_valide" CHECK ("factures"."periode_fin" >= "factures"."periode_debut"),
	CONSTRAINT "factures_avoir_origine" CHECK (("factures"."type" = 'avoir') = ("factures"."facture_origine_id" is not null)),
	CONSTRAINT "factures_avoir_jamais_brouillon" CHECK ("factures"."type" = 'facture' or "factures"."statut" <> 'brouillon'),
	CONSTRAINT "factures_emission_complete" CHECK (("factures"."statut" = 'brouillon') = ("factures"."numero" is null) and ("factures"."numero" is null) = ("factures"."document" is null)
        and ("factures"."numero" is null) = ("factures"."date_emission" is null) and ("factures"."numero" is null) = ("factures"."emise_at" is null)
        and ("factures"."numero" is null) = ("factures"."pdf" is null) and ("factures"."numero" is null) = ("factures"."xml" is null)),
	CONSTRAINT "factures_numero_format" CHECK ("factures"."numero" ~ ('^' || case "factures"."type" when 'facture' then 'FA' else 'AV' end || '-[0-9]{4}-[0-9]{6}$')),
	CONSTRAINT "factures_ttc" CHECK ("factures"."total_ttc" = "factures"."total_ht" + "factures"."total_tva"),
	CONSTRAINT "factures_echeance" CHECK ("factures"."date_echeance" >= "factures"."date_emission")
);
--> statement-breakpoint
CREATE TABLE "paiements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paiements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"facture_id" integer NOT NULL,
	"facture_type" text DEFAULT 'facture' NOT NULL,
	"date_paiement" date NOT NULL,
	"montant" numeric(12, 2) NOT NULL,
	"moyen" text NOT NULL,
	"reference" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"annule_at" timestamp with time zone,
	"annule_by" integer,
	"motif_annulation" text,
	CONSTRAINT "paiements_moyen_valid" CHECK ("paiements"."moyen" in ('virement', 'cheque', 'prelevement', 'especes', 'carte')),
	CONSTRAINT "paiements_facture_type" CHECK ("paiements"."facture_type" = 'facture'),
	CONSTRAINT "paiements_montant_gt0" CHECK ("paiements"."montant" > 0),
	CONSTRAINT "paiements_annulation_motivee" CHECK (("paiements"."annule_at" is null) = ("paiements"."motif_annulation" is null) and ("paiements"."annule_at" is null) = ("paiements"."annule_by" is null))
);
--> statement-breakpoint
ALTER TABLE "ecarts_facture_etablissement" ADD CONSTRAINT "ecarts_facture_etablissement_facture_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures_etablissements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecarts_facture_etablissement" ADD CONSTRAINT "ecarts_facture_etablissement_accepte_par_fk" FOREIGN KEY ("accepte_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures_etablissements" ADD CONSTRAINT "factures_etablissements_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures_etablissements" ADD CONSTRAINT "factures_etablissements_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lignes_facture_etablissement" ADD CONSTRAINT "lignes_facture_etablissement_facture_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures_etablissements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients_facturation" ADD CONSTRAINT "clients_facturation_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturation_parametres" ADD CONSTRAINT "facturation_parametres_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_lignes" ADD CONSTRAINT "facture_lignes_facture_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_lignes" ADD CONSTRAINT "facture_lignes_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_lignes" ADD CONSTRAINT "facture_lignes_type_chambre_id_fk" FOREIGN KEY ("type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_nuitees" ADD CONSTRAINT "facture_nuitees_facture_fk" FOREIGN KEY ("facture_id","facture_type") REFERENCES "public"."factures"("id","type") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_nuitees" ADD CONSTRAINT "facture_nuitees_avoir_fk" FOREIGN KEY ("avoir_id","avoir_type") REFERENCES "public"."factures"("id","type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_nuitees" ADD CONSTRAINT "facture_nuitees_nuitee_id_fk" FOREIGN KEY ("nuitee_id") REFERENCES "public"."nuitees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_nuitees" ADD CONSTRAINT "facture_nuitees_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_facture_origine_fk" FOREIGN KEY ("facture_origine_id","client_id") REFERENCES "public"."factures"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_emise_by_fk" FOREIGN KEY ("emise_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_facture_fk" FOREIGN KEY ("facture_id","facture_type") REFERENCES "public"."factures"("id","type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_annule_by_fk" FOREIGN KEY ("annule_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecarts_facture_etablissement_facture_idx" ON "ecarts_facture_etablissement" USING btree ("facture_id");--> statement-breakpoint
CREATE INDEX "factures_etablissements_periode_idx" ON "factures_etablissements" USING btree ("periode_debut");--> statement-breakpoint
CREATE INDEX "lignes_facture_etablissement_facture_idx" ON "lignes_facture_etablissement" USING btree ("facture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facture_nuitees_une_fois" ON "facture_nuitees" USING btree ("nuitee_id") WHERE "facture_nuitees"."avoir_id" is null;--> statement-breakpoint
CREATE INDEX "facture_nuitees_avoir_idx" ON "facture_nuitees" USING btree ("avoir_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factures_numero_unique" ON "factures" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "factures_client_idx" ON "factures" USING btree ("client_id","periode_debut");--> statement-breakpoint
CREATE INDEX "factures_statut_idx" ON "factures" USING btree ("statut","date_echeance");--> statement-breakpoint
CREATE INDEX "factures_origine_idx" ON "factures" USING btree ("facture_origine_id");--> statement-breakpoint
CREATE INDEX "factures_created_idx" ON "factures" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "paiements_facture_idx" ON "paiements" USING btree ("facture_id");--> statement-breakpoint
-- hand-written below
-- An issued invoice or credit note is immutable (docs/invoicing.md « Client invoices »): after the issue only its
-- state and its send date change, nothing is deleted; the service refuses first (409), this is the backstop.
CREATE FUNCTION factures_immuables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    IF old.statut <> 'brouillon' THEN
      RAISE EXCEPTION 'facture % émise : suppression interdite', old.numero
        USING ERRCODE = 'check_violation', CONSTRAINT = 'factures_immuables';
    END IF;
    RETURN old;
  END IF;
  IF old.statut <> 'brouillon' AND (new.statut = 'brouillon'
      OR (new.type, new.client_id, new.periode_debut, new.periode_fin, new.numero, new.date_emission,
          new.date_echeance, new.reference_acheteur, new.notes, new.facture_origine_id, new.motif, new.total_ht,
          new.total_tva, new.total_ttc, new.document, new.pdf, new.xml, new.emise_by, new.emise_at, new.created_by)
        IS DISTINCT FROM
         (old.type, old.client_id, old.periode_debut, old.periode_fin, old.numero, old.date_emission,
          old.date_echeance, old.reference_acheteur, old.notes, old.facture_origine_id, old.motif, old.total_ht,
          old.total_tva, old.total_ttc, old.document, old.pdf, old.xml, old.emise_by, old.emise_at, old.created_by)) THEN
    RAISE EXCEPTION 'facture % émise : modification interdite', old.numero
      USING ERRCODE = 'check_violation', CONSTRAINT = 'factures_immuables';
  END IF;
  RETURN new;
END $$;
--> statement-breakpoint
CREATE TRIGGER factures_immuables BEFORE UPDATE OR DELETE ON factures
  FOR EACH ROW EXECUTE FUNCTION factures_immuables();
--> statement-breakpoint
-- The lines of an issued document never change; its nights only get their credit note (avoir_id, once).
CREATE FUNCTION facture_detail_immuable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM factures f WHERE f.id = old.facture_id AND f.statut <> 'brouillon') THEN
    IF tg_table_name = 'facture_nuitees' AND tg_op = 'UPDATE' AND old.avoir_id IS NULL
        AND new.avoir_id IS NOT NULL
        AND (to_jsonb(new) - 'avoir_id') = (to_jsonb(old) - 'avoir_id') THEN
      RETURN new;
    END IF;
    RAISE EXCEPTION 'détail d''une facture émise : modification interdite'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'factures_immuables';
  END IF;
  IF tg_op = 'DELETE' THEN RETURN old; END IF;
  RETURN new;
END $$;
--> statement-breakpoint
CREATE TRIGGER facture_lignes_immuables BEFORE UPDATE OR DELETE ON facture_lignes
  FOR EACH ROW EXECUTE FUNCTION facture_detail_immuable();
--> statement-breakpoint
CREATE TRIGGER facture_nuitees_immuables BEFORE UPDATE OR DELETE ON facture_nuitees
  FOR EACH ROW EXECUTE FUNCTION facture_detail_immuable();
--> statement-breakpoint
INSERT INTO facturation_parametres (id) VALUES (1);
