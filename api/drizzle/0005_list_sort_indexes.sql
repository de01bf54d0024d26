DROP INDEX "reservations_pensionnaire_idx";--> statement-breakpoint
CREATE INDEX "clients_nom_id_idx" ON "clients" USING btree ("nom","id");--> statement-breakpoint
CREATE INDEX "etablissements_nom_id_idx" ON "etablissements" USING btree ("nom","id");--> statement-breakpoint
CREATE INDEX "pensionnaires_nom_prenom_id_idx" ON "pensionnaires" USING btree ("nom","prenom","id");--> statement-breakpoint
CREATE INDEX "reservations_pensionnaire_id_idx" ON "reservations" USING btree ("pensionnaire_id","id");--> statement-breakpoint
CREATE INDEX "reservations_client_id_idx" ON "reservations" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "reservations_etab_id_idx" ON "reservations" USING btree ("etablissement_id","id");--> statement-breakpoint
CREATE INDEX "reservations_fin_id_idx" ON "reservations" USING btree ("date_fin","id");--> statement-breakpoint
CREATE INDEX "reservations_created_id_idx" ON "reservations" USING btree ("created_at","id");