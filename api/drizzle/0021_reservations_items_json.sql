CREATE TABLE "reservations_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"debut_json" text NOT NULL,
	"milieu_json" text NOT NULL,
	"fin_json" text NOT NULL,
	"pensionnaire_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"etablissement_id" integer NOT NULL,
	"type_chambre_id" integer NOT NULL,
	"prolongable_du" date,
	"prolongable_au" date
);
--> statement-breakpoint
ALTER TABLE "reservations_items" ADD CONSTRAINT "reservations_items_id_fk" FOREIGN KEY ("id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (docs/database.md « Items kept as JSON »): each stay keeps its own fields of its item of POST
-- /reservations as JSON text, written by the statement that inserts or updates the stay (inside its transaction: a
-- reader's snapshot sees the stays and their texts of the same commits), deleted with it (the foreign key). The
-- names the item shows (resident, client, hotel, room type) are not kept: the page reads them from their rows, so a
-- rename needs no rewrite. The fields are the contract's `ReservationItem` in its order, as `reservationItemSelect`
-- (reservation-items.ts) reads them: a change there needs a migration replacing `reservations_items_ecrire` and
-- `reservations_page_json`, and rewriting the texts (list.test.ts « byte for byte » compares the list's answer with
-- the rows that select reads). `prolongable`, the only field that depends on the day, is written by the page from
-- the window of days kept beside the texts.
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The texts of the stays `ids`, read from their rows as the calling statement left them (its own writes, and the
-- writes of the triggers it fired, included; a concurrent writer of the same stays waits for its row lock).
CREATE FUNCTION "reservations_items_ecrire"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservations_items (id, debut_json, milieu_json, fin_json, pensionnaire_id, client_id,
    etablissement_id, type_chambre_id, prolongable_du, prolongable_au)
  SELECT r.id, left(row_to_json(d)::text, -1),
    ',' || substr(row_to_json(m)::text, 2, length(row_to_json(m)::text) - 2) || ',"prolongable":',
    ',"version":' || r.version || ',"created_at":"'
      || to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"}',
    r.pensionnaire_id, r.client_id, r.etablissement_id, r.type_chambre_id,
    CASE WHEN r.statut IN ('confirmee', 'en_cours') AND r.prolongee_par_id IS NULL
      THEN r.date_fin - r.delai_alerte_jours END,
    CASE WHEN r.statut IN ('confirmee', 'en_cours') AND r.prolongee_par_id IS NULL THEN r.date_fin END
  FROM reservations r
    CROSS JOIN LATERAL (SELECT r.id, r.id_reservation_mere, r.type_resa, r.prolongation_de_id, r.prolongee_par_id,
      r.statut) d
    CROSS JOIN LATERAL (SELECT r.chambre, r.date_debut::text AS date_debut, r.date_fin::text AS date_fin,
      (r.date_fin - r.date_debut) AS nombre_nuits, r.petit_dejeuner, r.dejeuner, r.diner, r.status_paf,
      r.status_caf, r.etat_payment_paf, r.etat_payment_caf, r.apec) m
  WHERE r.id = ANY (ids)
  ON CONFLICT (id) DO UPDATE SET debut_json = excluded.debut_json, milieu_json = excluded.milieu_json,
    fin_json = excluded.fin_json, pensionnaire_id = excluded.pensionnaire_id, client_id = excluded.client_id,
    etablissement_id = excluded.etablissement_id, type_chambre_id = excluded.type_chambre_id,
    prolongable_du = excluded.prolongable_du, prolongable_au = excluded.prolongable_au;
END $$;
--> statement-breakpoint
-- The stays already there (a database migrated with its data), under the lock taken above.
SELECT reservations_items_ecrire(array(SELECT id FROM reservations));
--> statement-breakpoint
-- The stays a statement inserted or updated (`nouvelles`): any field may have changed, the extension
-- (`prolongee_par_id`) and the delay the triggers of 0017 write included. Read again from their rows rather than
-- from the transition table, which would be older than a later write of the same row by a nested statement.
CREATE FUNCTION "reservations_items_apres_ecriture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_items_ecrire(array(SELECT id FROM nouvelles));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_items_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_items_apres_ecriture();
--> statement-breakpoint
CREATE TRIGGER "reservations_items_modification" AFTER UPDATE ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_items_apres_ecriture();
--> statement-breakpoint
-- The page: its stays' texts in the order of `ids`, with the names read from their rows and `prolongable` written
-- from the window for the Paris day. Planned once per session (PL/pgSQL), as before.
CREATE OR REPLACE FUNCTION "reservations_page_json"(ids integer[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Europe/Paris')::date;
BEGIN
  RETURN (
    SELECT coalesce('[' || string_agg(i.debut_json
        || ',"pensionnaire_id":' || i.pensionnaire_id || ',"pensionnaire_nom":' || to_json(p.nom)
        || ',"pensionnaire_prenom":' || to_json(p.prenom) || ',"numero_dossier":' || to_json(p.numero_dossier)
        || ',"client_id":' || i.client_id || ',"client_nom":' || to_json(c.nom)
        || ',"etablissement_id":' || i.etablissement_id || ',"etablissement_nom":' || to_json(e.nom)
        || ',"etablissement_ville":' || to_json(e.ville)
        || ',"type_chambre_id":' || i.type_chambre_id || ',"type_chambre_libelle":' || to_json(tc.libelle)
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
