-- Hand-written (docs/domain.md « Period of a full reservation »): a full reservation's period always spans its live
-- stays — `[min date_debut, max date_fin)` of its stays that are not cancelled, or of all its stays when every one
-- is (its original dates; the screens mark it cancelled). Kept by the database in the statement that changes a stay
-- (a booking, an extension, an early departure, a cancellation, a stay moved or deleted), so no write path can
-- forget it; each change of the period writes its audit row (entity `reservation_mere`, action
-- `periode_recalculee`, actor « Système »: the stay's own row names the user) in the same transaction.
LOCK TABLE "reservations", "reservations_meres" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "reservations_meres_periode"(meres integer[]) RETURNS void LANGUAGE sql AS $$
  WITH calcul AS (
    SELECT r.id_reservation_mere AS id,
      coalesce(min(r.date_debut) FILTER (WHERE r.statut <> 'annulee'), min(r.date_debut)) AS debut,
      coalesce(max(r.date_fin) FILTER (WHERE r.statut <> 'annulee'), max(r.date_fin)) AS fin
    FROM reservations r WHERE r.id_reservation_mere = ANY(meres)
    GROUP BY r.id_reservation_mere
  ),
  avant AS (
    SELECT m.id, m.date_debut, m.date_fin FROM reservations_meres m JOIN calcul c ON c.id = m.id
    WHERE (m.date_debut, m.date_fin) IS DISTINCT FROM (c.debut, c.fin)
    ORDER BY m.id FOR UPDATE OF m
  ),
  modifiees AS (
    UPDATE reservations_meres m SET date_debut = c.debut, date_fin = c.fin, updated_at = now()
    FROM calcul c JOIN avant a ON a.id = c.id
    WHERE m.id = c.id
    RETURNING m.id, a.date_debut AS avant_debut, a.date_fin AS avant_fin, m.date_debut, m.date_fin
  )
  INSERT INTO audit_log (entity, entity_id, action, before, after, actor_kind)
  SELECT 'reservation_mere', id::text, 'periode_recalculee',
    jsonb_build_object('date_debut', avant_debut, 'date_fin', avant_fin),
    jsonb_build_object('date_debut', date_debut, 'date_fin', date_fin), 'system'
  FROM modifiees ORDER BY id;
$$;
--> statement-breakpoint
-- The parents already there (a database migrated with its data), under the lock taken above.
SELECT reservations_meres_periode(array(SELECT id FROM reservations_meres));
--> statement-breakpoint
CREATE FUNCTION "reservations_meres_periode_ajout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_meres_periode(array(SELECT DISTINCT id_reservation_mere FROM nouvelles));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_meres_periode_ajout" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION reservations_meres_periode_ajout();
--> statement-breakpoint
CREATE FUNCTION "reservations_meres_periode_modifiee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM reservations_meres_periode(array[OLD.id_reservation_mere]);
  ELSE
    PERFORM reservations_meres_periode(array[OLD.id_reservation_mere, NEW.id_reservation_mere]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the updates that move a period: another date, a stay becoming (or no longer) cancelled, another parent. The
-- hourly status task (confirmee → en_cours → terminee) and every other update fire nothing.
CREATE TRIGGER "reservations_meres_periode_modification"
  AFTER UPDATE OF "date_debut", "date_fin", "statut", "id_reservation_mere" ON "reservations"
  FOR EACH ROW WHEN (OLD.date_debut IS DISTINCT FROM NEW.date_debut OR OLD.date_fin IS DISTINCT FROM NEW.date_fin
    OR (OLD.statut = 'annulee') <> (NEW.statut = 'annulee')
    OR OLD.id_reservation_mere IS DISTINCT FROM NEW.id_reservation_mere)
  EXECUTE FUNCTION reservations_meres_periode_modifiee();
--> statement-breakpoint
CREATE TRIGGER "reservations_meres_periode_suppression" AFTER DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservations_meres_periode_modifiee();
