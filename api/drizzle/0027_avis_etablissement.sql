-- The hotel notices (issue 35): a communication may be addressed to a hotel (`etablissement_id`) and name the stays
-- whose nights it releases (`communication_reservations`); the document type `avis_etablissement`.
CREATE TABLE "communication_reservations" (
	"communication_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	CONSTRAINT "communication_reservations_pk" PRIMARY KEY("communication_id","reservation_id")
);
--> statement-breakpoint
ALTER TABLE "communications" DROP CONSTRAINT "communications_sujet_present";--> statement-breakpoint
ALTER TABLE "communications" DROP CONSTRAINT "communications_type_document_valid";--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "etablissement_id" integer;--> statement-breakpoint
ALTER TABLE "communication_reservations" ADD CONSTRAINT "communication_reservations_communication_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_reservations" ADD CONSTRAINT "communication_reservations_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_reservations_reservation_idx" ON "communication_reservations" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_etablissement_id_fk" FOREIGN KEY ("etablissement_id") REFERENCES "public"."etablissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_etablissement_idx" ON "communications" USING btree ("etablissement_id");--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_sujet_present" CHECK ("communications"."demande_id" is not null or "communications"."pensionnaire_id" is not null or "communications"."etablissement_id" is not null);--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_type_document_valid" CHECK ("communications"."type_document" in ('confirmation', 'bon_hebergement', 'refus', 'prolongation', 'annulation', 'avis_etablissement', 'autre'));