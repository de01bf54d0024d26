-- Hand-written first (docs/database.md « Items kept as JSON »): `to_json(text)::text` declared immutable, which it is
-- for a text (PostgreSQL marks `to_json` stable for every type), so that the generated columns below may call it.
CREATE FUNCTION "json_texte"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_json(t)::text
$$;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "item_json" text GENERATED ALWAYS AS (',"client_id":' || "id" || ',"client_nom":' || json_texte("nom")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "etablissements" ADD COLUMN "item_json" text GENERATED ALWAYS AS (',"etablissement_id":' || "id" || ',"etablissement_nom":' || json_texte("nom") || ',"etablissement_ville":' || json_texte("ville")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pensionnaires" ADD COLUMN "item_json" text GENERATED ALWAYS AS (',"pensionnaire_id":' || "id" || ',"pensionnaire_nom":' || json_texte("nom") || ',"pensionnaire_prenom":' || json_texte("prenom") || ',"numero_dossier":' || json_texte("numero_dossier")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "types_chambre" ADD COLUMN "item_json" text GENERATED ALWAYS AS (',"type_chambre_id":' || "id" || ',"type_chambre_libelle":' || json_texte("libelle")) STORED NOT NULL;
--> statement-breakpoint
-- Hand-written below: the page joins each stay's own texts (migration 0021) with the texts its resident, client,
-- hotel and room type give (`item_json`, computed from their rows when they are written) instead of writing seven
-- names and four ids as JSON for every row of every page. The same text, field for field (list.test.ts « byte for
-- byte »).
CREATE OR REPLACE FUNCTION "reservations_page_json"(ids integer[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Europe/Paris')::date;
BEGIN
  RETURN (
    SELECT coalesce('[' || string_agg(i.debut_json || p.item_json || c.item_json || e.item_json || tc.item_json
        || i.milieu_json
        || CASE WHEN today BETWEEN i.prolongable_du AND i.prolongable_au THEN 'true' ELSE 'false' END
        || i.fin_json, ',' ORDER BY o.n) || ']', '[]')
    FROM unnest(ids) WITH ORDINALITY o(id, n)
      JOIN reservations_items i ON i.id = o.id
      JOIN pensionnaires p ON p.id = i.pensionnaire_id
      JOIN clients c ON c.id = i.client_id
      JOIN etablissements e ON e.id = i.etablissement_id
      JOIN types_chambre tc ON tc.id = i.type_chambre_id
  );
END $$;
