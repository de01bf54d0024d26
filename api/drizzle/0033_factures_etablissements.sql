-- Hotel invoices and their reconciliation (issue 39 §2, docs/database.md « Hotel invoices and reconciliation »).
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
ALTER TABLE "ecarts_facture_etablissement" ADD CONSTRAINT "ecarts_facture_etablissement_facture_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures_etablissements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecarts_facture_etablissement" ADD CONSTRAINT "ecarts_facture_etablissement_accepte_par_fk" FOREIGN KEY ("accepte_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures_etablissements" ADD CONSTRAINT "factures_etablissements_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures_etablissements" ADD CONSTRAINT "factures_etablissements_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lignes_facture_etablissement" ADD CONSTRAINT "lignes_facture_etablissement_facture_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures_etablissements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecarts_facture_etablissement_facture_idx" ON "ecarts_facture_etablissement" USING btree ("facture_id");--> statement-breakpoint
CREATE INDEX "factures_etablissements_periode_idx" ON "factures_etablissements" USING btree ("periode_debut");--> statement-breakpoint
CREATE INDEX "lignes_facture_etablissement_facture_idx" ON "lignes_facture_etablissement" USING btree ("facture_id");