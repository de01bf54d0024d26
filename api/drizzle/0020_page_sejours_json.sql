-- The items of a page of POST /reservations as JSON text, in the order of `ids`: the fields of the contract's
-- `ReservationItem`, in its order — the same as `reservationItemSelect` and `reservationItemJoins`
-- (reservation-items.ts), which a change must follow here in a migration replacing this function (list.test.ts
-- « byte for byte » compares the list's answer with the rows that select reads, for every sort, filter and page).
-- A function so that the page's ids and its items are one statement, one round trip and one snapshot: the list read
-- them with two statements (the items by a statement prepared on each pooled connection). PL/pgSQL keeps the plan of
-- its query for the session, as the prepared statement did; an SQL function would be planned again on each call
-- (docs/performance.md « One round trip a page »).
CREATE FUNCTION "reservations_page_json"(ids integer[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce('[' || string_agg(row_to_json(i)::text, ',' ORDER BY o.n) || ']', '[]')
    FROM unnest(ids) WITH ORDINALITY o(id, n)
    CROSS JOIN LATERAL (
      SELECT r.id, r.id_reservation_mere, r.type_resa, r.prolongation_de_id, r.prolongee_par_id,
        r.statut, r.pensionnaire_id, p.nom AS pensionnaire_nom, p.prenom AS pensionnaire_prenom, p.numero_dossier,
        r.client_id, c.nom AS client_nom, r.etablissement_id, e.nom AS etablissement_nom,
        e.ville AS etablissement_ville, r.type_chambre_id, tc.libelle AS type_chambre_libelle, r.chambre,
        r.date_debut::text AS date_debut, r.date_fin::text AS date_fin, (r.date_fin - r.date_debut) AS nombre_nuits,
        r.petit_dejeuner, r.dejeuner, r.diner, r.status_paf, r.status_caf, r.etat_payment_paf, r.etat_payment_caf,
        r.apec,
        (r.statut IN ('confirmee', 'en_cours') AND r.prolongee_par_id IS NULL
          AND r.date_fin >= (SELECT (now() AT TIME ZONE 'Europe/Paris')::date)
          AND r.date_fin <= (SELECT (now() AT TIME ZONE 'Europe/Paris')::date) + r.delai_alerte_jours) AS prolongable,
        r.version, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM reservations r
        JOIN pensionnaires p ON p.id = r.pensionnaire_id
        JOIN clients c ON c.id = r.client_id
        JOIN etablissements e ON e.id = r.etablissement_id
        JOIN types_chambre tc ON tc.id = r.type_chambre_id
      WHERE r.id = o.id) i
  );
END $$;
