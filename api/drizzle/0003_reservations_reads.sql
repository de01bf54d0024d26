-- Indexes of the reservation reads (docs/performance.md, "Reservations list"), generated from the schema, with
-- IF NOT EXISTS added by hand: a data directory opened during development with an earlier draft of this
-- migration already has some of them.
CREATE INDEX IF NOT EXISTS "reservations_debut_id_idx" ON "reservations" USING btree ("date_debut","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_prolongation_de_idx" ON "reservations" USING btree ("prolongation_de_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_meres_debut_id_idx" ON "reservations_meres" USING btree ("date_debut","id");
