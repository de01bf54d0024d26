CREATE TABLE "demande_reservations_cibles" (
	"demande_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	CONSTRAINT "demande_reservations_cibles_pk" PRIMARY KEY("demande_id","reservation_id")
);
--> statement-breakpoint
CREATE TABLE "courriel_pieces_jointes" (
	"courriel_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"nom" text NOT NULL,
	"type_contenu" text NOT NULL,
	"contenu" "bytea" NOT NULL,
	CONSTRAINT "courriel_pieces_jointes_pk" PRIMARY KEY("courriel_id","index"),
	CONSTRAINT "courriel_pieces_jointes_nom_not_blank" CHECK (btrim("courriel_pieces_jointes"."nom") <> '')
);
--> statement-breakpoint
CREATE TABLE "courriels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courriels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statut" text DEFAULT 'en_attente' NOT NULL,
	"transport" text NOT NULL,
	"expediteur" text NOT NULL,
	"destinataires" text[] NOT NULL,
	"objet" text NOT NULL,
	"texte" text NOT NULL,
	"tentatives" integer DEFAULT 0 NOT NULL,
	"derniere_erreur" text,
	"message_id" text,
	"envoye_at" timestamp with time zone,
	"communication_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courriels_statut_valid" CHECK ("courriels"."statut" in ('en_attente', 'envoye', 'non_transmis', 'echec')),
	CONSTRAINT "courriels_objet_not_blank" CHECK (btrim("courriels"."objet") <> ''),
	CONSTRAINT "courriels_destinataires_present" CHECK (cardinality("courriels"."destinataires") > 0),
	CONSTRAINT "courriels_echec_explique" CHECK ("courriels"."statut" not in ('echec', 'non_transmis') or "courriels"."derniere_erreur" is not null)
);
--> statement-breakpoint
CREATE TABLE "cles_api_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cles_api_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"libelle" text NOT NULL,
	"prefixe" text NOT NULL,
	"hash" text NOT NULL,
	"derniere_utilisation" timestamp with time zone,
	"revoquee_at" timestamp with time zone,
	"revoquee_par" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cles_api_clients_hash_unique" UNIQUE("hash"),
	CONSTRAINT "cles_api_clients_id_client_unique" UNIQUE("id","client_id"),
	CONSTRAINT "cles_api_clients_libelle_not_blank" CHECK (btrim("cles_api_clients"."libelle") <> ''),
	CONSTRAINT "cles_api_clients_hash_format" CHECK ("cles_api_clients"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "demandes_hebergement" DROP CONSTRAINT "demandes_hebergement_reference_externe_unique";--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "origine" text DEFAULT 'saisie' NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "urgente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "foyer_id" integer;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "referent_nom" text;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "referent_email" text;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "referent_telephone" text;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_ville" text;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_etablissement_id" integer;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_type_chambre_id" integer;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_petit_dejeuner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_dejeuner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_diner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "souhait_pmr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD COLUMN "cle_api_id" integer;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "type_document" text DEFAULT 'autre' NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "statut" text DEFAULT 'preparee' NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "destinataires" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "tentatives" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "derniere_erreur" text;--> statement-breakpoint
ALTER TABLE "demande_reservations_cibles" ADD CONSTRAINT "demande_reservations_cibles_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande_reservations_cibles" ADD CONSTRAINT "demande_reservations_cibles_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courriel_pieces_jointes" ADD CONSTRAINT "courriel_pieces_jointes_courriel_id_fk" FOREIGN KEY ("courriel_id") REFERENCES "public"."courriels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courriels" ADD CONSTRAINT "courriels_communication_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courriels" ADD CONSTRAINT "courriels_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cles_api_clients" ADD CONSTRAINT "cles_api_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cles_api_clients" ADD CONSTRAINT "cles_api_clients_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cles_api_clients" ADD CONSTRAINT "cles_api_clients_revoquee_par_fk" FOREIGN KEY ("revoquee_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demande_reservations_cibles_resa_idx" ON "demande_reservations_cibles" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "courriels_created_idx" ON "courriels" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courriels_communication_idx" ON "courriels" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "courriels_statut_idx" ON "courriels" USING btree ("statut");--> statement-breakpoint
CREATE INDEX "cles_api_clients_client_idx" ON "cles_api_clients" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_foyer_client_fk" FOREIGN KEY ("foyer_id","client_id") REFERENCES "public"."foyers"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_souhait_etablissement_id_fk" FOREIGN KEY ("souhait_etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_souhait_type_chambre_id_fk" FOREIGN KEY ("souhait_type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_cle_api_client_fk" FOREIGN KEY ("cle_api_id","client_id") REFERENCES "public"."cles_api_clients"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demandes_hebergement_foyer_idx" ON "demandes_hebergement" USING btree ("foyer_id");--> statement-breakpoint
CREATE INDEX "demandes_hebergement_created_idx" ON "demandes_hebergement" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_client_reference_unique" UNIQUE("client_id","reference_externe");--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_origine_valid" CHECK ("demandes_hebergement"."origine" in ('saisie', 'api'));--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_api_cle" CHECK (("demandes_hebergement"."origine" = 'api') = ("demandes_hebergement"."cle_api_id" is not null and "demandes_hebergement"."reference_externe" is not null));--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_type_document_valid" CHECK ("communications"."type_document" in ('confirmation', 'bon_hebergement', 'refus', 'prolongation', 'annulation', 'autre'));--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_statut_valid" CHECK ("communications"."statut" in ('preparee', 'envoyee', 'non_transmise', 'echec'));--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_tentatives_ge0" CHECK ("communications"."tentatives" >= 0);--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_echec_explique" CHECK ("communications"."statut" not in ('echec', 'non_transmise') or "communications"."derniere_erreur" is not null);--> statement-breakpoint
-- Hand-written below (rules drizzle-kit cannot express): a targeted stay is one of the request's client's stays,
-- and only an extension or a cancellation request targets stays (a new-stay request produces them).
CREATE FUNCTION "demande_reservations_cibles_coherentes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "demandes_hebergement" d JOIN "reservations" r ON r."id" = NEW."reservation_id"
    WHERE d."id" = NEW."demande_id" AND d."client_id" = r."client_id" AND d."type" <> 'nouvelle'
  ) THEN
    RAISE EXCEPTION 'targeted stay % is not a stay of request %''s client, or the request is a new stay',
      NEW."reservation_id", NEW."demande_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'demande_reservations_cibles_coherentes';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "demande_reservations_cibles_coherentes" BEFORE INSERT OR UPDATE ON "demande_reservations_cibles"
  FOR EACH ROW EXECUTE FUNCTION "demande_reservations_cibles_coherentes"();
