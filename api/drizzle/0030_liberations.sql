-- « Rétablir » (issue 35 §5): what a cancellation, an early departure or a no-show did to each stay (`liberations`),
-- so that it can be undone; the documents `avis_retablissement` (to the hotel) and `retablissement` (to the client).
CREATE TABLE "liberations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liberations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"type" text NOT NULL,
	"motif" text,
	"statut_avant" text NOT NULL,
	"date_fin_avant" date NOT NULL,
	"nuits" date[] NOT NULL,
	"demande_id" integer,
	"acte" bigint DEFAULT txid_current() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retablie_at" timestamp with time zone,
	"retablie_by" integer,
	CONSTRAINT "liberations_type_valid" CHECK ("liberations"."type" in ('annulation', 'depart_anticipe', 'no_show')),
	CONSTRAINT "liberations_statut_avant_valid" CHECK ("liberations"."statut_avant" in ('en_attente', 'confirmee', 'en_cours'))
);
--> statement-breakpoint
ALTER TABLE "communications" DROP CONSTRAINT "communications_type_document_valid";--> statement-breakpoint
ALTER TABLE "liberations" ADD CONSTRAINT "liberations_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liberations" ADD CONSTRAINT "liberations_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes_hebergement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liberations" ADD CONSTRAINT "liberations_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liberations" ADD CONSTRAINT "liberations_retablie_by_fk" FOREIGN KEY ("retablie_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liberations_reservation_idx" ON "liberations" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE INDEX "liberations_acte_idx" ON "liberations" USING btree ("acte");--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_type_document_valid" CHECK ("communications"."type_document" in ('confirmation', 'bon_hebergement', 'refus', 'prolongation', 'annulation', 'avis_etablissement', 'avis_retablissement', 'retablissement', 'autre'));