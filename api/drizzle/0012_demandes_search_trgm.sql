-- Substring searches (the request list's « recherche », the resident searches): trigram indexes. pg_trgm is a
-- trusted extension (PostgreSQL ≥ 13): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "pensionnaires_nom_complet_trgm_idx" ON "pensionnaires" USING gin (("nom" || ' ' || "prenom" || ' ' || "nom") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pensionnaires_numero_dossier_trgm_idx" ON "pensionnaires" USING gin ("numero_dossier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demandes_hebergement_referent_nom_trgm_idx" ON "demandes_hebergement" USING gin ("referent_nom" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demandes_hebergement_referent_email_trgm_idx" ON "demandes_hebergement" USING gin ("referent_email" gin_trgm_ops);