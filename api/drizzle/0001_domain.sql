CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nom" text NOT NULL,
	"groupe_id" integer,
	"type" text NOT NULL,
	"siret" text,
	"adresse" text NOT NULL,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"contact_nom" text,
	"email" text,
	"telephone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "clients_nom_not_blank" CHECK (btrim("clients"."nom") <> ''),
	CONSTRAINT "clients_type_valid" CHECK ("clients"."type" in ('association', 'collectivite', 'etablissement_public', 'entreprise', 'autre')),
	CONSTRAINT "clients_siret_format" CHECK ("clients"."siret" ~ '^[0-9]{14}$'),
	CONSTRAINT "clients_code_postal_format" CHECK ("clients"."code_postal" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "etablissements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "etablissements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nom" text NOT NULL,
	"groupe_id" integer,
	"adresse" text NOT NULL,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"telephone" text,
	"email" text,
	"nombre_chambres" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "etablissements_nom_not_blank" CHECK (btrim("etablissements"."nom") <> ''),
	CONSTRAINT "etablissements_code_postal_format" CHECK ("etablissements"."code_postal" ~ '^[0-9]{5}$'),
	CONSTRAINT "etablissements_nombre_chambres_gt0" CHECK ("etablissements"."nombre_chambres" > 0)
);
--> statement-breakpoint
CREATE TABLE "foyers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "foyers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"nom" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "foyers_id_client_unique" UNIQUE("id","client_id"),
	CONSTRAINT "foyers_nom_not_blank" CHECK (btrim("foyers"."nom") <> '')
);
--> statement-breakpoint
CREATE TABLE "groupes_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groupes_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nom" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "groupes_clients_nom_not_blank" CHECK (btrim("groupes_clients"."nom") <> '')
);
--> statement-breakpoint
CREATE TABLE "groupes_etablissements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groupes_etablissements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nom" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "groupes_etablissements_nom_not_blank" CHECK (btrim("groupes_etablissements"."nom") <> '')
);
--> statement-breakpoint
CREATE TABLE "pensionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pensionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"foyer_id" integer,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"date_naissance" date,
	"sexe" text NOT NULL,
	"numero_dossier" text NOT NULL,
	"telephone" text,
	"email" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "pensionnaires_numero_dossier_unique" UNIQUE("client_id","numero_dossier"),
	CONSTRAINT "pensionnaires_id_client_unique" UNIQUE("id","client_id"),
	CONSTRAINT "pensionnaires_nom_not_blank" CHECK (btrim("pensionnaires"."nom") <> ''),
	CONSTRAINT "pensionnaires_sexe_valid" CHECK ("pensionnaires"."sexe" in ('F', 'M', 'X')),
	CONSTRAINT "pensionnaires_date_naissance_min" CHECK ("pensionnaires"."date_naissance" >= '1900-01-01'),
	CONSTRAINT "pensionnaires_numero_dossier_not_blank" CHECK (btrim("pensionnaires"."numero_dossier") <> '')
);
--> statement-breakpoint
CREATE TABLE "repas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"ordre" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repas_code_unique" UNIQUE("code"),
	CONSTRAINT "repas_code_valid" CHECK ("repas"."code" in ('petit_dejeuner', 'dejeuner', 'diner')),
	CONSTRAINT "repas_libelle_not_blank" CHECK (btrim("repas"."libelle") <> '')
);
--> statement-breakpoint
CREATE TABLE "types_chambre" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "types_chambre_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"libelle" text NOT NULL,
	"capacite" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "types_chambre_libelle_not_blank" CHECK (btrim("types_chambre"."libelle") <> ''),
	CONSTRAINT "types_chambre_capacite_range" CHECK ("types_chambre"."capacite" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "contrat_client_tarifs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrat_client_tarifs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrat_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"etablissement_id" integer,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"prix_nuitee_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_petit_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_diner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrat_client_tarifs_periode_valide" CHECK ("contrat_client_tarifs"."date_fin" > "contrat_client_tarifs"."date_debut"),
	CONSTRAINT "contrat_client_tarifs_prix_nuitee_ht_ge0" CHECK ("contrat_client_tarifs"."prix_nuitee_ht" >= 0),
	CONSTRAINT "contrat_client_tarifs_prix_petit_dejeuner_ht_ge0" CHECK ("contrat_client_tarifs"."prix_petit_dejeuner_ht" >= 0),
	CONSTRAINT "contrat_client_tarifs_prix_dejeuner_ht_ge0" CHECK ("contrat_client_tarifs"."prix_dejeuner_ht" >= 0),
	CONSTRAINT "contrat_client_tarifs_prix_diner_ht_ge0" CHECK ("contrat_client_tarifs"."prix_diner_ht" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contrat_etablissement_tarifs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrat_etablissement_tarifs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrat_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"prix_nuitee_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_petit_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_diner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"allotement" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrat_etablissement_tarifs_periode_valide" CHECK ("contrat_etablissement_tarifs"."date_fin" > "contrat_etablissement_tarifs"."date_debut"),
	CONSTRAINT "contrat_etablissement_tarifs_prix_nuitee_ht_ge0" CHECK ("contrat_etablissement_tarifs"."prix_nuitee_ht" >= 0),
	CONSTRAINT "contrat_etablissement_tarifs_prix_petit_dejeuner_ht_ge0" CHECK ("contrat_etablissement_tarifs"."prix_petit_dejeuner_ht" >= 0),
	CONSTRAINT "contrat_etablissement_tarifs_prix_dejeuner_ht_ge0" CHECK ("contrat_etablissement_tarifs"."prix_dejeuner_ht" >= 0),
	CONSTRAINT "contrat_etablissement_tarifs_prix_diner_ht_ge0" CHECK ("contrat_etablissement_tarifs"."prix_diner_ht" >= 0),
	CONSTRAINT "contrat_etablissement_tarifs_allotement_gt0" CHECK ("contrat_etablissement_tarifs"."allotement" > 0)
);
--> statement-breakpoint
CREATE TABLE "contrats_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrats_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"statut" text DEFAULT 'brouillon' NOT NULL,
	"mode_tarification" text NOT NULL,
	"taux_tva_nuitee" numeric(5, 2) NOT NULL,
	"taux_tva_repas" numeric(5, 2) NOT NULL,
	"delai_alerte_jours" integer DEFAULT 2 NOT NULL,
	"notes" text,
	"client_id" integer NOT NULL,
	"montant_paf_jour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_caf_jour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrats_clients_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contrats_clients_id_client_unique" UNIQUE("id","client_id"),
	CONSTRAINT "contrats_clients_reference_not_blank" CHECK (btrim("contrats_clients"."reference") <> ''),
	CONSTRAINT "contrats_clients_periode_valide" CHECK ("contrats_clients"."date_fin" > "contrats_clients"."date_debut"),
	CONSTRAINT "contrats_clients_statut_valid" CHECK ("contrats_clients"."statut" in ('brouillon', 'actif', 'suspendu', 'clos')),
	CONSTRAINT "contrats_clients_mode_tarification_valid" CHECK ("contrats_clients"."mode_tarification" in ('par_chambre', 'par_personne')),
	CONSTRAINT "contrats_clients_taux_tva_nuitee_range" CHECK ("contrats_clients"."taux_tva_nuitee" between 0 and 100),
	CONSTRAINT "contrats_clients_taux_tva_repas_range" CHECK ("contrats_clients"."taux_tva_repas" between 0 and 100),
	CONSTRAINT "contrats_clients_delai_alerte_range" CHECK ("contrats_clients"."delai_alerte_jours" between 0 and 60),
	CONSTRAINT "contrats_clients_montant_paf_jour_ge0" CHECK ("contrats_clients"."montant_paf_jour" >= 0),
	CONSTRAINT "contrats_clients_montant_caf_jour_ge0" CHECK ("contrats_clients"."montant_caf_jour" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contrats_etablissement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrats_etablissement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"statut" text DEFAULT 'brouillon' NOT NULL,
	"mode_tarification" text NOT NULL,
	"taux_tva_nuitee" numeric(5, 2) NOT NULL,
	"taux_tva_repas" numeric(5, 2) NOT NULL,
	"delai_alerte_jours" integer DEFAULT 2 NOT NULL,
	"notes" text,
	"etablissement_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrats_etablissement_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contrats_etablissement_id_etab_unique" UNIQUE("id","etablissement_id"),
	CONSTRAINT "contrats_etablissement_reference_not_blank" CHECK (btrim("contrats_etablissement"."reference") <> ''),
	CONSTRAINT "contrats_etablissement_periode_valide" CHECK ("contrats_etablissement"."date_fin" > "contrats_etablissement"."date_debut"),
	CONSTRAINT "contrats_etablissement_statut_valid" CHECK ("contrats_etablissement"."statut" in ('brouillon', 'actif', 'suspendu', 'clos')),
	CONSTRAINT "contrats_etablissement_mode_tarification_valid" CHECK ("contrats_etablissement"."mode_tarification" in ('par_chambre', 'par_personne')),
	CONSTRAINT "contrats_etablissement_taux_tva_nuitee_range" CHECK ("contrats_etablissement"."taux_tva_nuitee" between 0 and 100),
	CONSTRAINT "contrats_etablissement_taux_tva_repas_range" CHECK ("contrats_etablissement"."taux_tva_repas" between 0 and 100),
	CONSTRAINT "contrats_etablissement_delai_alerte_range" CHECK ("contrats_etablissement"."delai_alerte_jours" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "demande_pensionnaires" (
	"demande_id" integer NOT NULL,
	"pensionnaire_id" integer NOT NULL,
	CONSTRAINT "demande_pensionnaires_pk" PRIMARY KEY("demande_id","pensionnaire_id")
);
--> statement-breakpoint
CREATE TABLE "demandes_hebergement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demandes_hebergement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"type" text NOT NULL,
	"statut" text DEFAULT 'a_traiter' NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"nombre_personnes" integer NOT NULL,
	"souhaits" text,
	"motif_refus" text,
	"reference_externe" text,
	"reservation_cible_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demandes_hebergement_reference_externe_unique" UNIQUE("reference_externe"),
	CONSTRAINT "demandes_hebergement_type_valid" CHECK ("demandes_hebergement"."type" in ('nouvelle', 'prolongation', 'annulation')),
	CONSTRAINT "demandes_hebergement_statut_valid" CHECK ("demandes_hebergement"."statut" in ('a_traiter', 'en_cours', 'traitee', 'refusee', 'annulee')),
	CONSTRAINT "demandes_hebergement_periode_valide" CHECK ("demandes_hebergement"."date_fin" > "demandes_hebergement"."date_debut"),
	CONSTRAINT "demandes_hebergement_nombre_personnes_gt0" CHECK ("demandes_hebergement"."nombre_personnes" > 0),
	CONSTRAINT "demandes_hebergement_refus_motive" CHECK ("demandes_hebergement"."statut" <> 'refusee' or ("demandes_hebergement"."motif_refus" is not null and btrim("demandes_hebergement"."motif_refus") <> '')),
	CONSTRAINT "demandes_hebergement_cible_coherente" CHECK ("demandes_hebergement"."type" <> 'nouvelle' or "demandes_hebergement"."reservation_cible_id" is null)
);
--> statement-breakpoint
CREATE TABLE "nuitees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nuitees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"pensionnaire_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"contrat_etablissement_tarif_id" integer,
	"contrat_client_tarif_id" integer,
	"date_nuit" date NOT NULL,
	"prix_achat_ht" numeric(12, 2) NOT NULL,
	"prix_vente_ht" numeric(12, 2) NOT NULL,
	"taux_tva_nuitee" numeric(5, 2) NOT NULL,
	"prix_petit_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_diner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_achat_petit_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_achat_dejeuner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_achat_diner_ht" numeric(12, 2) DEFAULT '0' NOT NULL,
	"taux_tva_repas" numeric(5, 2) NOT NULL,
	"petit_dejeuner" smallint DEFAULT 0 NOT NULL,
	"dejeuner" smallint DEFAULT 0 NOT NULL,
	"diner" smallint DEFAULT 0 NOT NULL,
	"presence" text DEFAULT 'non_pointe' NOT NULL,
	"etat_paf" text DEFAULT 'a_verifier' NOT NULL,
	"etat_caf" text DEFAULT 'a_verifier' NOT NULL,
	"montant_paf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_caf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"annulee" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nuitees_reservation_nuit_unique" UNIQUE("reservation_id","date_nuit"),
	CONSTRAINT "nuitees_prix_achat_ht_ge0" CHECK ("nuitees"."prix_achat_ht" >= 0),
	CONSTRAINT "nuitees_prix_vente_ht_ge0" CHECK ("nuitees"."prix_vente_ht" >= 0),
	CONSTRAINT "nuitees_prix_petit_dejeuner_ht_ge0" CHECK ("nuitees"."prix_petit_dejeuner_ht" >= 0),
	CONSTRAINT "nuitees_prix_dejeuner_ht_ge0" CHECK ("nuitees"."prix_dejeuner_ht" >= 0),
	CONSTRAINT "nuitees_prix_diner_ht_ge0" CHECK ("nuitees"."prix_diner_ht" >= 0),
	CONSTRAINT "nuitees_prix_achat_petit_dejeuner_ht_ge0" CHECK ("nuitees"."prix_achat_petit_dejeuner_ht" >= 0),
	CONSTRAINT "nuitees_prix_achat_dejeuner_ht_ge0" CHECK ("nuitees"."prix_achat_dejeuner_ht" >= 0),
	CONSTRAINT "nuitees_prix_achat_diner_ht_ge0" CHECK ("nuitees"."prix_achat_diner_ht" >= 0),
	CONSTRAINT "nuitees_montant_paf_ge0" CHECK ("nuitees"."montant_paf" >= 0),
	CONSTRAINT "nuitees_montant_caf_ge0" CHECK ("nuitees"."montant_caf" >= 0),
	CONSTRAINT "nuitees_petit_dejeuner_ge0" CHECK ("nuitees"."petit_dejeuner" >= 0),
	CONSTRAINT "nuitees_dejeuner_ge0" CHECK ("nuitees"."dejeuner" >= 0),
	CONSTRAINT "nuitees_diner_ge0" CHECK ("nuitees"."diner" >= 0),
	CONSTRAINT "nuitees_taux_tva_nuitee_range" CHECK ("nuitees"."taux_tva_nuitee" between 0 and 100),
	CONSTRAINT "nuitees_taux_tva_repas_range" CHECK ("nuitees"."taux_tva_repas" between 0 and 100),
	CONSTRAINT "nuitees_presence_valid" CHECK ("nuitees"."presence" in ('non_pointe', 'present', 'absent')),
	CONSTRAINT "nuitees_etat_paf_valid" CHECK ("nuitees"."etat_paf" in ('a_verifier', 'paye', 'non_paye')),
	CONSTRAINT "nuitees_etat_caf_valid" CHECK ("nuitees"."etat_caf" in ('a_verifier', 'paye', 'non_paye'))
);
--> statement-breakpoint
CREATE TABLE "occupations_allotement" (
	"tarif_id" integer NOT NULL,
	"date_nuit" date NOT NULL,
	"chambres_occupees" integer DEFAULT 0 NOT NULL,
	"allotement" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupations_allotement_pk" PRIMARY KEY("tarif_id","date_nuit"),
	CONSTRAINT "occupations_allotement_occupees_ge0" CHECK ("occupations_allotement"."chambres_occupees" >= 0),
	CONSTRAINT "occupations_allotement_allotement_gt0" CHECK ("occupations_allotement"."allotement" > 0),
	CONSTRAINT "occupations_allotement_depassement" CHECK ("occupations_allotement"."chambres_occupees" <= "occupations_allotement"."allotement")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id_reservation_mere" integer NOT NULL,
	"pensionnaire_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"contrat_client_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"contrat_etablissement_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"chambre" text,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"statut" text DEFAULT 'en_attente' NOT NULL,
	"type_resa" text DEFAULT 'initiale' NOT NULL,
	"prolongation_de_id" integer,
	"petit_dejeuner" boolean DEFAULT false NOT NULL,
	"dejeuner" boolean DEFAULT false NOT NULL,
	"diner" boolean DEFAULT false NOT NULL,
	"status_paf" boolean DEFAULT false NOT NULL,
	"status_caf" boolean DEFAULT false NOT NULL,
	"etat_payment_paf" text DEFAULT 'a_verifier' NOT NULL,
	"etat_payment_caf" text DEFAULT 'a_verifier' NOT NULL,
	"apec" boolean DEFAULT false NOT NULL,
	"demande_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"annulee_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_id_pens_etab_unique" UNIQUE("id","pensionnaire_id","etablissement_id"),
	CONSTRAINT "reservations_periode_valide" CHECK ("reservations"."date_fin" > "reservations"."date_debut"),
	CONSTRAINT "reservations_statut_valid" CHECK ("reservations"."statut" in ('en_attente', 'confirmee', 'en_cours', 'terminee', 'annulee')),
	CONSTRAINT "reservations_type_resa_valid" CHECK ("reservations"."type_resa" in ('initiale', 'prolongation')),
	CONSTRAINT "reservations_etat_payment_paf_valid" CHECK ("reservations"."etat_payment_paf" in ('a_verifier', 'paye', 'non_paye')),
	CONSTRAINT "reservations_etat_payment_caf_valid" CHECK ("reservations"."etat_payment_caf" in ('a_verifier', 'paye', 'non_paye')),
	CONSTRAINT "reservations_prolongation_coherente" CHECK (("reservations"."type_resa" = 'prolongation') = ("reservations"."prolongation_de_id" is not null)),
	CONSTRAINT "reservations_prolongation_pas_elle_meme" CHECK ("reservations"."prolongation_de_id" <> "reservations"."id"),
	CONSTRAINT "reservations_annulation_datee" CHECK (("reservations"."statut" = 'annulee') = ("reservations"."annulee_at" is not null)),
	CONSTRAINT "reservations_version_gt0" CHECK ("reservations"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "reservations_meres" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_meres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"contrat_client_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"contrat_etablissement_id" integer NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"demande_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_meres_id_client_etab_unique" UNIQUE("id","client_id","etablissement_id"),
	CONSTRAINT "reservations_meres_periode_valide" CHECK ("reservations_meres"."date_fin" > "reservations_meres"."date_debut")
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"demande_id" integer,
	"pensionnaire_id" integer,
	"canal" text NOT NULL,
	"objet" text NOT NULL,
	"contenu" text DEFAULT '' NOT NULL,
	"document" "bytea",
	"document_nom" text,
	"envoye_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communications_sujet_present" CHECK ("communications"."demande_id" is not null or "communications"."pensionnaire_id" is not null),
	CONSTRAINT "communications_document_nomme" CHECK (("communications"."document" is null) = ("communications"."document_nom" is null)),
	CONSTRAINT "communications_canal_valid" CHECK ("communications"."canal" in ('email', 'courrier', 'document')),
	CONSTRAINT "communications_objet_not_blank" CHECK (btrim("communications"."objet") <> '')
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text DEFAULT 'Nouvelle notification' NOT NULL,
	"message" text NOT NULL,
	"lien" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"statut" text DEFAULT 'en_attente' NOT NULL,
	"progression" integer DEFAULT 0 NOT NULL,
	"parametres" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resultat" jsonb,
	"erreur" text,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_statut_valid" CHECK ("tasks"."statut" in ('en_attente', 'en_cours', 'terminee', 'echec')),
	CONSTRAINT "tasks_type_not_blank" CHECK (btrim("tasks"."type") <> ''),
	CONSTRAINT "tasks_progression_range" CHECK ("tasks"."progression" between 0 and 100),
	CONSTRAINT "tasks_echec_explique" CHECK ("tasks"."statut" <> 'echec' or "tasks"."erreur" is not null)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_groupe_id_fk" FOREIGN KEY ("groupe_id") REFERENCES "public"."groupes_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etablissements" ADD CONSTRAINT "etablissements_groupe_id_fk" FOREIGN KEY ("groupe_id") REFERENCES "public"."groupes_etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foyers" ADD CONSTRAINT "foyers_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensionnaires" ADD CONSTRAINT "pensionnaires_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensionnaires" ADD CONSTRAINT "pensionnaires_foyer_meme_client_fk" FOREIGN KEY ("foyer_id","client_id") REFERENCES "public"."foyers"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrat_client_tarifs" ADD CONSTRAINT "contrat_client_tarifs_contrat_id_fk" FOREIGN KEY ("contrat_id") REFERENCES "public"."contrats_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrat_client_tarifs" ADD CONSTRAINT "contrat_client_tarifs_type_chambre_id_fk" FOREIGN KEY ("type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrat_client_tarifs" ADD CONSTRAINT "contrat_client_tarifs_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrat_etablissement_tarifs" ADD CONSTRAINT "contrat_etablissement_tarifs_contrat_id_fk" FOREIGN KEY ("contrat_id") REFERENCES "public"."contrats_etablissement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrat_etablissement_tarifs" ADD CONSTRAINT "contrat_etablissement_tarifs_type_chambre_id_fk" FOREIGN KEY ("type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrats_clients" ADD CONSTRAINT "contrats_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrats_etablissement" ADD CONSTRAINT "contrats_etablissement_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande_pensionnaires" ADD CONSTRAINT "demande_pensionnaires_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande_pensionnaires" ADD CONSTRAINT "demande_pensionnaires_pensionnaire_id_fk" FOREIGN KEY ("pensionnaire_id") REFERENCES "public"."pensionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_reservation_cible_id_fk" FOREIGN KEY ("reservation_cible_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_hebergement" ADD CONSTRAINT "demandes_hebergement_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_reservation_fk" FOREIGN KEY ("reservation_id","pensionnaire_id","etablissement_id") REFERENCES "public"."reservations"("id","pensionnaire_id","etablissement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_pensionnaire_id_fk" FOREIGN KEY ("pensionnaire_id") REFERENCES "public"."pensionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_type_chambre_id_fk" FOREIGN KEY ("type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_contrat_etab_tarif_fk" FOREIGN KEY ("contrat_etablissement_tarif_id") REFERENCES "public"."contrat_etablissement_tarifs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nuitees" ADD CONSTRAINT "nuitees_contrat_client_tarif_fk" FOREIGN KEY ("contrat_client_tarif_id") REFERENCES "public"."contrat_client_tarifs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupations_allotement" ADD CONSTRAINT "occupations_allotement_tarif_id_fk" FOREIGN KEY ("tarif_id") REFERENCES "public"."contrat_etablissement_tarifs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_reservation_mere_fk" FOREIGN KEY ("id_reservation_mere") REFERENCES "public"."reservations_meres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pensionnaire_id_fk" FOREIGN KEY ("pensionnaire_id") REFERENCES "public"."pensionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_type_chambre_id_fk" FOREIGN KEY ("type_chambre_id") REFERENCES "public"."types_chambre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pensionnaire_client_fk" FOREIGN KEY ("pensionnaire_id","client_id") REFERENCES "public"."pensionnaires"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_contrat_client_fk" FOREIGN KEY ("contrat_client_id","client_id") REFERENCES "public"."contrats_clients"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_contrat_etab_fk" FOREIGN KEY ("contrat_etablissement_id","etablissement_id") REFERENCES "public"."contrats_etablissement"("id","etablissement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_mere_coherente_fk" FOREIGN KEY ("id_reservation_mere","client_id","etablissement_id") REFERENCES "public"."reservations_meres"("id","client_id","etablissement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_prolongation_de_fk" FOREIGN KEY ("prolongation_de_id","pensionnaire_id","etablissement_id") REFERENCES "public"."reservations"("id","pensionnaire_id","etablissement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_contrat_client_fk" FOREIGN KEY ("contrat_client_id","client_id") REFERENCES "public"."contrats_clients"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_contrat_etab_fk" FOREIGN KEY ("contrat_etablissement_id","etablissement_id") REFERENCES "public"."contrats_etablissement"("id","etablissement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations_meres" ADD CONSTRAINT "reservations_meres_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_pensionnaire_id_fk" FOREIGN KEY ("pensionnaire_id") REFERENCES "public"."pensionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_nom_unique" ON "clients" USING btree (lower("nom")) WHERE "clients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "clients_groupe_idx" ON "clients" USING btree ("groupe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "etablissements_nom_ville_unique" ON "etablissements" USING btree (lower("nom"),lower("ville")) WHERE "etablissements"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "etablissements_groupe_idx" ON "etablissements" USING btree ("groupe_id");--> statement-breakpoint
CREATE INDEX "foyers_client_idx" ON "foyers" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groupes_clients_nom_unique" ON "groupes_clients" USING btree (lower("nom")) WHERE "groupes_clients"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "groupes_etablissements_nom_unique" ON "groupes_etablissements" USING btree (lower("nom")) WHERE "groupes_etablissements"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "pensionnaires_nom_idx" ON "pensionnaires" USING btree (lower("nom"));--> statement-breakpoint
CREATE INDEX "pensionnaires_prenom_idx" ON "pensionnaires" USING btree (lower("prenom"));--> statement-breakpoint
CREATE INDEX "pensionnaires_foyer_idx" ON "pensionnaires" USING btree ("foyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "types_chambre_libelle_unique" ON "types_chambre" USING btree (lower("libelle")) WHERE "types_chambre"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contrat_client_tarifs_type_idx" ON "contrat_client_tarifs" USING btree ("type_chambre_id");--> statement-breakpoint
CREATE INDEX "contrat_client_tarifs_etab_idx" ON "contrat_client_tarifs" USING btree ("etablissement_id");--> statement-breakpoint
CREATE INDEX "contrat_etablissement_tarifs_type_idx" ON "contrat_etablissement_tarifs" USING btree ("type_chambre_id");--> statement-breakpoint
CREATE INDEX "contrats_clients_client_idx" ON "contrats_clients" USING btree ("client_id","date_debut");--> statement-breakpoint
CREATE INDEX "contrats_etablissement_etab_idx" ON "contrats_etablissement" USING btree ("etablissement_id","date_debut");--> statement-breakpoint
CREATE INDEX "demande_pensionnaires_pensionnaire_idx" ON "demande_pensionnaires" USING btree ("pensionnaire_id");--> statement-breakpoint
CREATE INDEX "demandes_hebergement_statut_idx" ON "demandes_hebergement" USING btree ("statut","type","created_at");--> statement-breakpoint
CREATE INDEX "demandes_hebergement_client_idx" ON "demandes_hebergement" USING btree ("client_id","date_debut");--> statement-breakpoint
CREATE INDEX "demandes_hebergement_cible_idx" ON "demandes_hebergement" USING btree ("reservation_cible_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nuitees_pensionnaire_nuit_unique" ON "nuitees" USING btree ("pensionnaire_id","date_nuit") WHERE not "nuitees"."annulee";--> statement-breakpoint
CREATE INDEX "nuitees_date_idx" ON "nuitees" USING btree ("date_nuit");--> statement-breakpoint
CREATE INDEX "nuitees_etab_date_idx" ON "nuitees" USING btree ("etablissement_id","date_nuit");--> statement-breakpoint
CREATE INDEX "nuitees_etab_tarif_idx" ON "nuitees" USING btree ("contrat_etablissement_tarif_id");--> statement-breakpoint
CREATE INDEX "nuitees_client_tarif_idx" ON "nuitees" USING btree ("contrat_client_tarif_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_prolongee_une_fois" ON "reservations" USING btree ("prolongation_de_id") WHERE "reservations"."statut" <> 'annulee';--> statement-breakpoint
CREATE INDEX "reservations_statut_fin_idx" ON "reservations" USING btree ("statut","date_fin");--> statement-breakpoint
CREATE INDEX "reservations_etab_debut_idx" ON "reservations" USING btree ("etablissement_id","date_debut");--> statement-breakpoint
CREATE INDEX "reservations_client_debut_idx" ON "reservations" USING btree ("client_id","date_debut");--> statement-breakpoint
CREATE INDEX "reservations_pensionnaire_idx" ON "reservations" USING btree ("pensionnaire_id");--> statement-breakpoint
CREATE INDEX "reservations_mere_idx" ON "reservations" USING btree ("id_reservation_mere");--> statement-breakpoint
CREATE INDEX "reservations_demande_idx" ON "reservations" USING btree ("demande_id");--> statement-breakpoint
CREATE INDEX "reservations_contrat_client_idx" ON "reservations" USING btree ("contrat_client_id");--> statement-breakpoint
CREATE INDEX "reservations_contrat_etab_idx" ON "reservations" USING btree ("contrat_etablissement_id");--> statement-breakpoint
CREATE INDEX "reservations_meres_client_idx" ON "reservations_meres" USING btree ("client_id","date_debut");--> statement-breakpoint
CREATE INDEX "reservations_meres_etab_idx" ON "reservations_meres" USING btree ("etablissement_id","date_debut");--> statement-breakpoint
CREATE INDEX "reservations_meres_contrat_client_idx" ON "reservations_meres" USING btree ("contrat_client_id");--> statement-breakpoint
CREATE INDEX "reservations_meres_contrat_etab_idx" ON "reservations_meres" USING btree ("contrat_etablissement_id");--> statement-breakpoint
CREATE INDEX "reservations_meres_demande_idx" ON "reservations_meres" USING btree ("demande_id");--> statement-breakpoint
CREATE INDEX "communications_demande_idx" ON "communications" USING btree ("demande_id");--> statement-breakpoint
CREATE INDEX "communications_pensionnaire_idx" ON "communications" USING btree ("pensionnaire_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","is_read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_statut_idx" ON "tasks" USING btree ("statut");